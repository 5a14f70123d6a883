package kubernetes

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
)

// apiServer is a fake API server that answers the requests restAPI
// makes (the paths, query parameters and bodies the real one expects)
// and records them.
type apiServer struct {
	t    *testing.T
	mu   sync.Mutex
	reqs []string // "METHOD path?query body"
}

func (s *apiServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.reqs = append(s.reqs, strings.TrimSpace(r.Method+" "+r.URL.RequestURI()+" "+string(body)))
	s.mu.Unlock()
	q := r.URL.Query()
	js := func(code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(v)
	}
	notFound := func(kind, name string) {
		js(404, map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "NotFound", "code": 404,
			"message": kind + " \"" + name + "\" not found", "details": map[string]any{"name": name, "kind": kind}})
	}
	pod := func(name, rv string) map[string]any {
		return map[string]any{"kind": "Pod", "apiVersion": "v1", "metadata": map[string]any{"name": name, "namespace": "bench", "resourceVersion": rv},
			"status": map[string]any{"phase": "Running"}}
	}
	const pods, nps = "/api/v1/namespaces/bench/pods", "/apis/networking.k8s.io/v1/namespaces/bench/networkpolicies"
	switch p := r.URL.Path; {
	case p == "/version":
		js(200, map[string]string{"major": "1", "minor": "31", "gitVersion": "v1.31.13"})
	case p == "/api/v1/namespaces/bench":
		js(200, map[string]any{"kind": "Namespace", "apiVersion": "v1", "metadata": map[string]any{"name": "bench"}})
	case p == "/api/v1/namespaces/missing":
		notFound("namespaces", "missing")
	case p == pods && r.Method == http.MethodPost:
		var got map[string]any
		json.Unmarshal(body, &got)
		got["metadata"].(map[string]any)["resourceVersion"] = "1"
		js(201, got)
	case p == pods && q.Get("watch") == "true":
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(200)
		enc := json.NewEncoder(w)
		enc.Encode(map[string]any{"type": "MODIFIED", "object": pod("p1", "6")})
		enc.Encode(map[string]any{"type": "DELETED", "object": pod("p1", "7")})
	case p == pods:
		js(200, map[string]any{"kind": "PodList", "apiVersion": "v1", "metadata": map[string]any{"resourceVersion": "5"},
			"items": []any{pod("p1", "5"), pod("p2", "5")}})
	case p == pods+"/p1" && r.Method == http.MethodGet:
		js(200, pod("p1", "5"))
	case p == pods+"/p1" && r.Method == http.MethodDelete:
		js(200, map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Success"})
	case p == pods+"/gone":
		notFound("pods", "gone")
	case p == pods+"/p1/log":
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "listening on 127.0.0.1:5000\n")
	case p == nps && r.Method == http.MethodPost:
		var got map[string]any
		json.Unmarshal(body, &got)
		js(201, got)
	case p == nps:
		js(200, map[string]any{"kind": "NetworkPolicyList", "apiVersion": "networking.k8s.io/v1", "metadata": map[string]any{},
			"items": []any{map[string]any{"metadata": map[string]any{"name": "p1"}}}})
	case p == nps+"/gone":
		notFound("networkpolicies.networking.k8s.io", "gone")
	case p == nps+"/p1":
		js(200, map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Success"})
	default:
		s.t.Errorf("unexpected request %s %s", r.Method, r.URL)
		notFound("thing", p)
	}
}

func (s *apiServer) last() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		return ""
	}
	return s.reqs[len(s.reqs)-1]
}

// TestRESTAPI: every operation of the narrow client sends the request the
// API server expects and decodes its answer, NotFound included.
func TestRESTAPI(t *testing.T) {
	srv := &apiServer{t: t}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	a, err := newRESTAPI(&rest.Config{Host: hs.URL, QPS: 50, Burst: 100})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	grace := int64(3)

	checks := []struct {
		name string
		do   func() error
		want string // the request sent (a prefix)
	}{
		{"version", func() error { return a.serverVersion(ctx) }, "GET /version"},
		{"namespace", func() error { return a.getNamespace(ctx, "bench") }, "GET /api/v1/namespaces/bench"},
		{"create pod", func() error {
			return a.createPod(ctx, "bench", &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p1", Namespace: "bench"}})
		}, `POST /api/v1/namespaces/bench/pods {"kind":"Pod","apiVersion":"v1","metadata":{"name":"p1","namespace":"bench"}`},
		{"get pod", func() error {
			p, err := a.getPod(ctx, "bench", "p1")
			if err == nil && (p.Name != "p1" || p.ResourceVersion != "5" || p.Status.Phase != corev1.PodRunning) {
				t.Errorf("pod %+v", p)
			}
			return err
		}, "GET /api/v1/namespaces/bench/pods/p1"},
		{"list pods", func() error {
			l, err := a.listPods(ctx, "bench", "mlebench.org/run-group=abc")
			if err == nil && (len(l) != 2 || l[1].Name != "p2") {
				t.Errorf("pods %+v", l)
			}
			return err
		}, "GET /api/v1/namespaces/bench/pods?labelSelector=mlebench.org%2Frun-group%3Dabc"},
		{"delete pod", func() error { return a.deletePod(ctx, "bench", "p1", &grace) },
			`DELETE /api/v1/namespaces/bench/pods/p1 {"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":3}`},
		{"logs", func() error {
			rc, err := a.podLogs(ctx, "bench", "p1", &corev1.PodLogOptions{Container: ContainerServer, Follow: true})
			if err != nil {
				return err
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if string(b) != "listening on 127.0.0.1:5000\n" {
				t.Errorf("log %q", b)
			}
			return err
		}, "GET /api/v1/namespaces/bench/pods/p1/log?container=server&follow=true"},
		{"create policy", func() error {
			return a.createNetworkPolicy(ctx, "bench", &networkingv1.NetworkPolicy{ObjectMeta: metav1.ObjectMeta{Name: "p1"}})
		}, `POST /apis/networking.k8s.io/v1/namespaces/bench/networkpolicies {"kind":"NetworkPolicy","apiVersion":"networking.k8s.io/v1","metadata":{"name":"p1"}`},
		{"list policies", func() error {
			l, err := a.listNetworkPolicies(ctx, "bench", "a=b")
			if err == nil && (len(l) != 1 || l[0].Name != "p1") {
				t.Errorf("policies %+v", l)
			}
			return err
		}, "GET /apis/networking.k8s.io/v1/namespaces/bench/networkpolicies?labelSelector=a%3Db"},
		{"delete policy", func() error { return a.deleteNetworkPolicy(ctx, "bench", "p1") },
			`DELETE /apis/networking.k8s.io/v1/namespaces/bench/networkpolicies/p1 {"kind":"DeleteOptions","apiVersion":"networking.k8s.io/v1"}`},
	}
	for _, c := range checks {
		if err := c.do(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if got := srv.last(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s sent\n%s\nwant\n%s", c.name, got, c.want)
		}
	}

	for name, err := range map[string]error{
		"namespace": a.getNamespace(ctx, "missing"),
		"pod":       func() error { _, err := a.getPod(ctx, "bench", "gone"); return err }(),
		"delete":    a.deletePod(ctx, "bench", "gone", nil),
		"policy":    a.deleteNetworkPolicy(ctx, "bench", "gone"),
	} {
		if !isNotFound(err) {
			t.Errorf("%s: %v is not NotFound", name, err)
		}
	}

	w, err := a.watchPod(ctx, "bench", "p1", "5")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if got, want := srv.last(), "GET /api/v1/namespaces/bench/pods?fieldSelector=metadata.name%3Dp1&resourceVersion=5&watch=true"; got != want {
		t.Errorf("watch sent %s, want %s", got, want)
	}
	var events []string
	for ev := range w.ResultChan() {
		p, ok := ev.Object.(*corev1.Pod)
		if !ok {
			t.Fatalf("watch event %s holds a %T", ev.Type, ev.Object)
		}
		events = append(events, string(ev.Type)+" "+p.Name+"@"+p.ResourceVersion)
	}
	if got := strings.Join(events, ", "); got != string(watch.Modified)+" p1@6, "+string(watch.Deleted)+" p1@7" {
		t.Errorf("watch events: %s", got)
	}
}
