// Command mongo-launcher runs FerretDB 1.x with its SQLite backend in one process, so the project has a
// MongoDB wire-protocol server (unique indexes enforced, E11000 on duplicates) on machines without mongod.
// It is for local development and tests; docker-compose and production use the official mongo image.
//
// `mongo-launcher -ping <url>` asks the server at url for `ping` (as `mongosh --eval
// "db.adminCommand('ping').ok"` does), prints its ok and exits 0 when it is 1. The containers tier's
// stand-in for the mongo image (scripts/lib/containers/base-images.ts) answers compose's healthcheck
// with it.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27018", "TCP address to listen on")
	dir := flag.String("dir", ".run/mongo", "directory for the SQLite database files")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	ping := flag.String("ping", "", "ask the server at this URL for ping, print its ok and exit (0 when ok is 1)")
	flag.Parse()

	if *ping != "" {
		os.Exit(pingServer(*ping))
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("bad -log-level: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	abs, err := filepath.Abs(*dir)
	if err != nil {
		fail("bad -dir: %v", err)
	}
	if err = os.MkdirAll(abs, 0o755); err != nil {
		fail("cannot create %s: %v", abs, err)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		fail("cannot start FerretDB: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = f.Run(ctx)
	}()

	// The launcher's parent waits for this line (and for the port to answer) before using the server.
	fmt.Printf("mongo-launcher listening on %s (data in %s)\n", *listen, abs)
	<-done
}

func pingServer(url string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client, err := mongo.Connect(ctx, options.Client().ApplyURI(url).SetDirect(true))
	if err != nil {
		fmt.Fprintf(os.Stderr, "mongo-launcher: %v\n", err)
		return 1
	}
	defer func() { _ = client.Disconnect(context.Background()) }()
	var reply struct {
		OK float64 `bson:"ok"`
	}
	if err = client.Database("admin").RunCommand(ctx, bson.D{{Key: "ping", Value: 1}}).Decode(&reply); err != nil {
		fmt.Fprintf(os.Stderr, "mongo-launcher: %v\n", err)
		return 1
	}
	fmt.Println(reply.OK)
	if reply.OK != 1 {
		return 1
	}
	return 0
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "mongo-launcher: "+format+"\n", args...)
	os.Exit(1)
}
