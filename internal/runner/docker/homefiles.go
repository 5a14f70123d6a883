package docker

import (
	"archive/tar"
	"bytes"
	"context"
	"fmt"
	"sort"

	"github.com/moby/moby/client"

	"github.com/mlebench/mlebench/internal/agent"
)

// homeFilesTar is a tar of /home/<name> entries (owner root, the modes of
// agent.HomeFileMode), to be extracted at the container's root.
func homeFilesTar(files map[string][]byte) ([]byte, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, n := range names {
		b := files[n]
		hdr := &tar.Header{Name: "home/" + n, Mode: int64(agent.HomeFileMode(n)), Size: int64(len(b)), Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if _, err := tw.Write(b); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// putHomeFiles writes the spec's /home files (the original's instructions,
// byte for byte) into a created, not yet started container, replacing what
// the image has there.
func (b *Backend) putHomeFiles(ctx context.Context, id string, files map[string][]byte) error {
	if len(files) == 0 {
		return nil
	}
	t, err := homeFilesTar(files)
	if err != nil {
		return err
	}
	if _, err := b.cli.CopyToContainer(ctx, id, client.CopyToContainerOptions{DestinationPath: "/", Content: bytes.NewReader(t)}); err != nil {
		return fmt.Errorf("writing the instructions into the agent container: %w", err)
	}
	return nil
}
