"""``keras.backend``: the few global settings Keras programs ask for."""
from framework.variable import Variable  # noqa: F401

_EPSILON = 1e-7


def floatx():
    """The default float dtype: tapeflow computes in float32."""
    return 'float32'


def epsilon():
    """The fuzz factor Keras adds to denominators (1e-7)."""
    return _EPSILON


def image_data_format():
    return 'channels_last'


def backend():
    return 'tapeflow'


def clear_session(free_memory=True):
    """Forget automatic layer names, so the next Dense is 'dense' again (Keras 3's main effect).

    There is no graph to reset: tapeflow executes eagerly.
    """
    import layers.naming
    layers.naming.reset_names()
