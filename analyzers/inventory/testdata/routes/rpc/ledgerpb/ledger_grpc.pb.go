// Package ledgerpb is written in the shape protoc-gen-go-grpc v1.5
// generates for
//
//	service Ledger { rpc debit_account(google.protobuf.StringValue) returns (google.protobuf.Empty); }
//
// whose proto method name differs from its Go name, as the style guide's
// lower_snake names do; the messages are protobuf's well-known types.
package ledgerpb // want "."

import (
	context "context"

	grpc "google.golang.org/grpc"
	codes "google.golang.org/grpc/codes"
	status "google.golang.org/grpc/status"
	emptypb "google.golang.org/protobuf/types/known/emptypb"
	wrapperspb "google.golang.org/protobuf/types/known/wrapperspb"
)

const (
	Ledger_DebitAccount_FullMethodName = "/ledger.v1.Ledger/debit_account"
)

type LedgerClient interface {
	DebitAccount(ctx context.Context, in *wrapperspb.StringValue, opts ...grpc.CallOption) (*emptypb.Empty, error) // want DebitAccount:`outbound\(a gRPC call /ledger.v1.Ledger/debit_account\)`
}

type ledgerClient struct {
	cc grpc.ClientConnInterface
}

func NewLedgerClient(cc grpc.ClientConnInterface) LedgerClient {
	return &ledgerClient{cc}
}

func (c *ledgerClient) DebitAccount(ctx context.Context, in *wrapperspb.StringValue, opts ...grpc.CallOption) (*emptypb.Empty, error) { // want DebitAccount:`outbound\(a gRPC call /ledger.v1.Ledger/debit_account\)`
	cOpts := append([]grpc.CallOption{grpc.StaticMethod()}, opts...)
	out := new(emptypb.Empty)
	err := c.cc.Invoke(ctx, Ledger_DebitAccount_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

type LedgerServer interface {
	DebitAccount(context.Context, *wrapperspb.StringValue) (*emptypb.Empty, error) // want DebitAccount:`grpc\(/ledger.v1.Ledger/debit_account\)`
	mustEmbedUnimplementedLedgerServer()
}

type UnimplementedLedgerServer struct{}

func (UnimplementedLedgerServer) DebitAccount(context.Context, *wrapperspb.StringValue) (*emptypb.Empty, error) {
	return nil, status.Error(codes.Unimplemented, "method DebitAccount not implemented")
}
func (UnimplementedLedgerServer) mustEmbedUnimplementedLedgerServer() {}

func RegisterLedgerServer(s grpc.ServiceRegistrar, srv LedgerServer) {
	s.RegisterService(&Ledger_ServiceDesc, srv)
}

func _Ledger_DebitAccount_Handler(srv interface{}, ctx context.Context, dec func(interface{}) error, interceptor grpc.UnaryServerInterceptor) (interface{}, error) {
	in := new(wrapperspb.StringValue)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(LedgerServer).DebitAccount(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: Ledger_DebitAccount_FullMethodName,
	}
	handler := func(ctx context.Context, req interface{}) (interface{}, error) {
		return srv.(LedgerServer).DebitAccount(ctx, req.(*wrapperspb.StringValue))
	}
	return interceptor(ctx, in, info, handler)
}

var Ledger_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "ledger.v1.Ledger",
	HandlerType: (*LedgerServer)(nil),
	Methods: []grpc.MethodDesc{
		{
			MethodName: "debit_account",
			Handler:    _Ledger_DebitAccount_Handler,
		},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "ledger.proto",
}
