// Package aliyun retries STS AssumeRole around an Alibaba Cloud client whose
// own retry it turns on (Config.AutoRetry = true): two layers.
package aliyun

import (
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk"
	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/auth/credentials"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/sts"
)

func newClient(region, ak, sk string) (*sts.Client, error) {
	cfg := sdk.NewConfig()
	cfg.AutoRetry = true
	return sts.NewClientWithOptions(region, cfg, credentials.NewAccessKeyCredential(ak, sk))
}

func Refresh(region, ak, sk, role string) (*sts.AssumeRoleResponse, error) {
	c, err := newClient(region, ak, sk)
	if err != nil {
		return nil, err
	}
	req := sts.CreateAssumeRoleRequest()
	req.RoleArn = role
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls Client.AssumeRole, which retries again: up to 3xN calls per request`
		var resp *sts.AssumeRoleResponse
		if resp, err = c.AssumeRole(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
