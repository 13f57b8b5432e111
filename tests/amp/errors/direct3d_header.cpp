// <d3d11.h> (Direct3D, Windows only): an error at the #include, with what to do.
#include <amp.h>
#include <d3d11.h>

int main() {}
