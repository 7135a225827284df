// Package catalogtestv1 imports the libraries whose versions cannot share
// a build with the other module's: terraform-plugin-sdk v1's
// helper/resource needs a terraform-exec that still has tfinstall, which
// the SDK v2 of ../mod has dropped.
package catalogtestv1

import _ "github.com/hashicorp/terraform-plugin-sdk/helper/resource"
