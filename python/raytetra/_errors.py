"""The package's exceptions."""


class RayTetraError(Exception):
    """A call of libraytetra failed. `code` is the library's error code (raytetra.h's
    RAYTETRA_ERROR_*, negative), the message the library's own line with what it was about."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


class LibraryNotFound(RayTetraError, ImportError):
    """libraytetra could not be found or loaded (the message says where it was looked for)."""

    def __init__(self, message):
        super().__init__(message, code=None)
