#import "LegacyMenu.h"

@implementation LegacyMenu
- (NSString *)title {
  return GLLocalized(@"Settings", @"objc.wrapper");
}
- (NSString *)subtitle {
  return GLLocalized(nil, self.isOn ? @"wrapper.ternary.other" : @"objc.off.missing");
}
@end
