"""Keras 3's global switches: traceback filtering (tapeflow raises with its own frames; the flag is
what ``is_traceback_filtering_enabled`` reports) and safe mode, which decides whether loading may
run a Python lambda's code read from a file (``function_code``)."""
import contextlib

# safe_mode: None until set, as Keras's global attribute: loading functions then go by their own
# safe_mode argument; enable_unsafe_deserialization() makes it False, which overrides them
_switches = {'traceback_filtering': True, 'safe_mode': None}


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
    """Keras's switch to allow lambdas (their bytecode) in loaded configs, whatever a loading
    function's safe_mode argument says."""
    _switches['safe_mode'] = False


def in_safe_mode():
    """None (unset), or the value of the enclosing ``safe_mode_scope`` / enable_unsafe_deserialization."""
    return _switches['safe_mode']


def effective_safe_mode(safe_mode):
    """The safe mode a loading call runs under, as Keras 3's deserialize_keras_object decides it:
    the switch's value when set (an enclosing scope, enable_unsafe_deserialization), else the argument."""
    return _switches['safe_mode'] if _switches['safe_mode'] is not None else safe_mode


@contextlib.contextmanager
def safe_mode_scope(safe_mode):
    """Keras's SafeModeScope: ``in_safe_mode()`` is ``safe_mode`` inside, the previous value after."""
    previous = _switches['safe_mode']
    _switches['safe_mode'] = safe_mode
    try:
        yield
    finally:
        _switches['safe_mode'] = previous


def allows_code(safe_mode=None):
    """Whether a from_config may run a lambda's code: only when safe mode is explicitly False
    (the argument, else the enclosing scope; unset counts as safe, as in Keras)."""
    return (safe_mode if safe_mode is not None else _switches['safe_mode']) is False


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


def forget_session_switches():
    """Back to the defaults, as Keras 3's clear_session leaves them: traceback filtering, safe mode and
    flash attention live in its global state, which clear_session drops (TF 2.21: after
    enable_unsafe_deserialization() and clear_session, loading a Lambda's code is refused again)."""
    _switches['traceback_filtering'] = True
    _switches['safe_mode'] = None
    _switches.pop('flash_attention', None)


def is_nnx_enabled():
    """Flax NNX is a JAX-backend feature: False, as Keras reports on the TF backend."""
    return False
