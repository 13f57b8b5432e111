// Empty stand-in for the Windows SDK header (validate_amp compat).
#pragma once
