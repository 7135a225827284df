module example.com/shop/bank

go 1.26.0

require (
	github.com/avast/retry-go/v4 v4.7.0
	github.com/gorilla/mux v1.8.1
)
