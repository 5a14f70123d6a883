package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/demo"
	"github.com/mlebench/mlebench/internal/server"
)

type serveOptions struct {
	Competition    string
	Addr           string
	Socket         string
	MaxUploadBytes int64
	AuditLog       string
}

func newServeCommand(g *Global) *cobra.Command {
	var opts serveOptions
	cmd := &cobra.Command{
		Use:   "serve -c ID [--addr HOST:PORT | --socket PATH]",
		Short: "Run the validation server agents call (GET /health, POST /validate); it never reveals a score",
		Long: `Run the validation server for one competition, as the original's grading server
inside the agent container: POST /validate with the submission in the multipart
field "file" answers {"result": "<message>"} saying whether it is valid; GET
/health answers {"status": "running"}. Answers are read from --data-dir.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runServe(cmd.Context(), g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Competition, "competition-id", "c", os.Getenv("COMPETITION_ID"), "competition id (default $COMPETITION_ID)")
	f.StringVar(&opts.Addr, "addr", "127.0.0.1:5000", "TCP address to listen on")
	f.StringVar(&opts.Socket, "socket", "", "listen on this Unix socket instead of --addr")
	f.Int64Var(&opts.MaxUploadBytes, "max-upload-bytes", server.DefaultMaxUploadBytes, "largest accepted upload; larger ones get 413")
	f.StringVar(&opts.AuditLog, "audit-log", "", "append one JSON line per /validate request (time, size, sha256, verdict) to this file")
	return cmd
}

func runServe(ctx context.Context, g *Global, opts serveOptions) error {
	if opts.Competition == "" {
		return usagef("serve: --competition-id (or $COMPETITION_ID) is required")
	}
	log := g.Log()
	cat := g.Catalog
	if demo.IsDemo(opts.Competition) { // the built-in demo competitions (mlebench demo)
		cat = demo.ValidationCatalog()
	}
	if comp, err := cat.Lookup(opts.Competition); err != nil {
		log.Warn("every /validate request will fail", "error", err)
	} else if err := comp.CheckPrepared(g.DataDir, true); err != nil {
		log.Warn("every /validate request will fail until the data is prepared", "error", err)
	}
	srvOpts := server.Options{
		Catalog:        cat,
		CompetitionID:  opts.Competition,
		DataDir:        g.DataDir,
		Fixes:          g.Fixes,
		MaxUploadBytes: opts.MaxUploadBytes,
		Log:            log,
	}
	if opts.AuditLog != "" {
		f, err := os.OpenFile(opts.AuditLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("opening audit log: %w", err)
		}
		defer f.Close()
		srvOpts.Audit = f
	}

	var ln net.Listener
	var err error
	if opts.Socket != "" {
		if st, serr := os.Lstat(opts.Socket); serr == nil && st.Mode()&os.ModeSocket != 0 {
			os.Remove(opts.Socket) // a stale socket from an earlier run
		}
		ln, err = net.Listen("unix", opts.Socket)
	} else {
		ln, err = net.Listen("tcp", opts.Addr)
	}
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	hs := &http.Server{
		Handler:           server.New(srvOpts),
		ReadHeaderTimeout: 30 * time.Second,
	}
	// The Docker backend waits for this line before starting the agent.
	fmt.Fprintf(g.Err, "mlebench serve: listening on %s for %s\n", ln.Addr(), opts.Competition)

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shutCtx)
		if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
