// Placeholder translation unit until the capture library has sources.
namespace cc::capture { int placeholder() { return 0; } }
