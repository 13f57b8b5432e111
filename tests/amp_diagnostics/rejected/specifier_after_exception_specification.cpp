#define CPU_ONLY restrict(cpu)
void nothing() throw() CPU_ONLY {}  // error: CPU_ONLY must come before the exception specification of 'nothing'
int main() { return 0; }
