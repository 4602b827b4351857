// Package server runs the tinyroute HTTP server: routing, middleware and
// health checks.
package server

import (
	"encoding/json"
	"net/http"
	"time"
)

// DefaultAddr is the address the server listens on when none is configured.
const DefaultAddr = ":8080"

// Server wires the router and the middleware chain together.
type Server struct {
	Addr       string
	mux        *http.ServeMux
	middleware []Middleware
	started    time.Time
}

// NewServer creates a server listening on addr with the health endpoint
// registered at /healthz.
func NewServer(addr string) *Server {
	if addr == "" {
		addr = DefaultAddr
	}
	s := &Server{Addr: addr, mux: http.NewServeMux(), started: time.Now()}
	s.mux.HandleFunc("/healthz", s.handleHealth)
	return s
}

// Use appends middleware; it wraps every handler registered afterwards.
func (s *Server) Use(m Middleware) {
	s.middleware = append(s.middleware, m)
}

// Handle registers a handler for a path pattern, wrapped in the middleware chain.
func (s *Server) Handle(pattern string, h http.Handler) {
	s.mux.Handle(pattern, Chain(h, s.middleware...))
}

// ListenAndServe starts serving and blocks until the server fails.
func (s *Server) ListenAndServe() error {
	srv := &http.Server{Addr: s.Addr, Handler: s.mux, ReadHeaderTimeout: 5 * time.Second}
	return srv.ListenAndServe()
}

// handleHealth reports liveness and uptime in seconds as JSON.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	uptime := time.Since(s.started).Seconds()
	json.NewEncoder(w).Encode(map[string]any{"status": "ok", "uptime": uptime})
}
