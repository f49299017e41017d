#import "LegacyController.h"

// NSLocalizedString(@"objc.comment.only", nil)
@implementation LegacyController
- (void)show {
  NSString *title = NSLocalizedString(@"legacy.title", @"Title of the legacy screen");
  NSString *quote = @"NSLocalizedString(@\"objc.inside.string\", nil)";
  NSString *joined = NSLocalizedString(@"legacy." @"joined", nil);
  NSString *alert = NSLocalizedStringFromTable(@"legacy.alert", @"Alerts", nil);
  NSString *message = [[NSBundle mainBundle] localizedStringForKey:@"legacy.message" value:@"" table:nil];
  NSLog(@"%@ %@ %@ %@ %@", title, quote, joined, alert, message);
}
@end
