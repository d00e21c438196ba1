//go:build !linux && !darwin

package load

import "os"

// statDetails returns a file's change time and inode; here, none: Update
// then reads every file again.
func statDetails(fi os.FileInfo) (changeTime int64, inode uint64) {
	return 0, 0
}
