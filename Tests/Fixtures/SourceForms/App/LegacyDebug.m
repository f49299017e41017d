#import <Foundation/Foundation.h>

@implementation LegacyDebug
- (NSString *)title {
#ifdef DEBUG
    return NSLocalizedString(@"objc.debug.missing", nil);
#else
    return NSLocalizedString(@"objc.release.missing", nil);
#endif
}

- (NSString *)state:(BOOL)flag {
    return NSLocalizedString(flag ? @"objc.on" : @"objc.off.missing", nil);
}

- (NSString *)parenthesized:(BOOL)flag {
    return NSLocalizedString((flag ? @"objc.paren.on" : @"objc.paren.off.missing"), nil);
}
@end
