module example.com/unboundedbackofftest

go 1.26.0

require (
	github.com/Rican7/retry v0.3.1
	github.com/avast/retry-go/v4 v4.7.0
	github.com/cenkalti/backoff/v4 v4.3.0
	github.com/cenkalti/backoff/v5 v5.0.3
	github.com/eapache/go-resiliency v1.7.0
	github.com/failsafe-go/failsafe-go v0.9.8
	github.com/fsnotify/fsnotify v1.9.0
	github.com/grpc-ecosystem/go-grpc-middleware v1.4.0
	github.com/grpc-ecosystem/go-grpc-middleware/v2 v2.3.4
	github.com/hashicorp/go-retryablehttp v0.7.8
	github.com/jpillora/backoff v1.1.0
	github.com/prometheus/client_golang v1.23.2
	github.com/sethvargo/go-retry v0.5.0
	go.opentelemetry.io/otel/metric v1.47.0
	go.uber.org/atomic v1.11.0
	golang.org/x/sys v0.49.0
	google.golang.org/grpc v1.85.0
	k8s.io/apimachinery v0.37.2
)

require (
	github.com/beorn7/perks v1.0.1 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/munnerz/goautoneg v0.0.0-20191010083416-a7dc8b61c822 // indirect
	github.com/prometheus/client_model v0.6.2 // indirect
	github.com/prometheus/common v0.66.1 // indirect
	github.com/prometheus/procfs v0.16.1 // indirect
	go.opentelemetry.io/otel v1.47.0 // indirect
	go.yaml.in/yaml/v2 v2.4.4 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)

require (
	example.com/resilience v0.0.0
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/go-logr/logr v1.4.4 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	k8s.io/klog/v2 v2.140.0 // indirect
	k8s.io/utils v0.0.0-20260626114624-be93311217bd // indirect
)

replace example.com/resilience => ./resilience
