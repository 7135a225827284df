// Command watchcli is a tool and a server in one binary: its watch
// subcommands print a health stream until the user presses Ctrl-C, its
// serve subcommand runs an HTTP server.
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"github.com/spf13/cobra"
	"google.golang.org/grpc/health/grpc_health_v1"
)

var hc grpc_health_v1.HealthClient

func main() {
	root := &cobra.Command{Use: "watchcli"}
	root.AddCommand(watchCmd(), tailCmd(), serveCmd())
	if len(os.Args) > 1 && os.Args[1] == "once" {
		follow(openWatch("once")) // a function main calls
	}
	if err := root.Execute(); err != nil {
		os.Exit(1)
	}
}

// Streams of subcommands live as long as the command: not reported.

func watchCmd() *cobra.Command {
	return &cobra.Command{
		Use: "watch",
		RunE: func(cmd *cobra.Command, args []string) error {
			return follow(openWatch(args[0])) // the body of a subcommand
		},
	}
}

func tailCmd() *cobra.Command {
	t := &tailer{}
	cmd := &cobra.Command{Use: "tail"}
	cmd.RunE = t.run // a method value as the body
	return cmd
}

type tailer struct{}

func (t *tailer) run(cmd *cobra.Command, args []string) error {
	s, err := hc.Watch(context.Background(), &grpc_health_v1.HealthCheckRequest{Service: args[0]}) // ok: the tail command's stream
	if err != nil {
		return err
	}
	return follow(s)
}

func openWatch(service string) grpc_health_v1.Health_WatchClient {
	s, err := hc.Watch(context.Background(), &grpc_health_v1.HealthCheckRequest{Service: service}) // ok: only main and subcommands open it
	if err != nil {
		panic(err)
	}
	return s
}

func follow(s grpc_health_v1.Health_WatchClient) error {
	for {
		r, err := s.Recv()
		if err != nil {
			return err
		}
		fmt.Println(r.GetStatus())
	}
}

// The twins: the same stream opened for a handler of the server, or in
// a goroutine, stays reported.

func serveCmd() *cobra.Command {
	return &cobra.Command{
		Use: "serve",
		RunE: func(cmd *cobra.Command, args []string) error {
			http.HandleFunc("/watch", handleWatch)
			go background()
			return http.ListenAndServe(":8080", nil)
		},
	}
}

func handleWatch(w http.ResponseWriter, r *http.Request) {
	s := openForHandler(r.URL.Query().Get("service"))
	r0, err := s.Recv()
	if err == nil {
		fmt.Fprintln(w, r0.GetStatus())
	}
}

func openForHandler(service string) grpc_health_v1.Health_WatchClient {
	s, err := hc.Watch(context.Background(), &grpc_health_v1.HealthCheckRequest{Service: service}) // want `context.Background\(\) reaches hc.Watch \(a gRPC stream\) with no deadline and no cancel`
	if err != nil {
		panic(err)
	}
	return s
}

func background() {
	s, err := hc.Watch(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches hc.Watch \(a gRPC stream\) with no deadline and no cancel`
	if err == nil {
		follow(s)
	}
}
