// Package aliyunoff retries STS AssumeRole around an Alibaba Cloud client
// built with the SDK's default configuration (AutoRetry false) and around
// one handed in, whose configuration is out of sight: the loop is the only
// layer it is known to have.
package aliyunoff

import (
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/services/sts"
)

func Refresh(region, ak, sk, role string) (*sts.AssumeRoleResponse, error) {
	c, err := sts.NewClientWithAccessKey(region, ak, sk)
	if err != nil {
		return nil, err
	}
	return refreshWith(c, role)
}

func refreshWith(c *sts.Client, role string) (*sts.AssumeRoleResponse, error) {
	req := sts.CreateAssumeRoleRequest()
	req.RoleArn = role
	var err error
	for i := 0; i < 3; i++ { // the SDK's retry is off or unknown: one layer
		var resp *sts.AssumeRoleResponse
		if resp, err = c.AssumeRole(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// RefreshWith is the same loop on a client built elsewhere.
func RefreshWith(c *sts.Client, role string) (*sts.AssumeRoleResponse, error) {
	return refreshWith(c, role)
}
