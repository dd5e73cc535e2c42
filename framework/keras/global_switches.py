"""Keras 3's global switches that tapeflow records but whose effect it already has:
traceback filtering (tapeflow raises with its own frames; the flag is what
``is_traceback_filtering_enabled`` reports) and unsafe deserialization (tapeflow never runs code
read from a file, so loading is the same either way)."""

_switches = {'traceback_filtering': True, 'safe_mode': True}


def enable_traceback_filtering():
    """Keras's switch; tapeflow keeps the setting for ``is_traceback_filtering_enabled``."""
    _switches['traceback_filtering'] = True


def disable_traceback_filtering():
    """Keras's switch; tapeflow keeps the setting for ``is_traceback_filtering_enabled``."""
    _switches['traceback_filtering'] = False


def is_traceback_filtering_enabled():
    """True unless ``disable_traceback_filtering`` was called (Keras's default is True)."""
    return _switches['traceback_filtering']


def enable_unsafe_deserialization():
    """Keras's switch to allow lambdas in loaded configs; tapeflow loads no code from files, so
    this records the choice only (``in_safe_mode`` reports it)."""
    _switches['safe_mode'] = False


def in_safe_mode():
    return _switches['safe_mode']


# Flash attention: Keras 3's TF backend computes attention the same way with or without it, and so
# does tapeflow; the switch is kept for is_flash_attention_enabled (None, "not disabled", by default).
def enable_flash_attention():
    """Keras's switch back to the default (is_flash_attention_enabled() is None again)."""
    _switches['flash_attention'] = None


def disable_flash_attention():
    """Keras's switch; is_flash_attention_enabled() is then False."""
    _switches['flash_attention'] = False


def is_flash_attention_enabled():
    """False after disable_flash_attention, else None (Keras 3's values)."""
    return _switches.get('flash_attention')


def is_nnx_enabled():
    """Flax NNX is a JAX-backend feature: False, as Keras reports on the TF backend."""
    return False
