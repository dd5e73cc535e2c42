"""The ``training`` argument of recorded calls, as Keras 3 writes it in a functional config.

Keras 3's ``Layer.__call__`` resolves ``training`` for a layer whose ``call`` takes it: the
value passed, else the enclosing call's, else the default of ``call``'s signature; a
value that is not None is recorded with the call. Building a functional model there is
no enclosing call, so ``Dropout()(x)`` and ``LSTM(4)(x)`` (``training=False`` in their
signatures) are saved with ``'training': false``, a layer whose ``call`` says
``training=None`` with nothing. At run time Keras passes the model call's own
``training`` to every layer over the recorded one; tapeflow does not record the
default at all, so it is written here and, read back, dropped again.
"""
import functools
import inspect


@functools.lru_cache(maxsize=None)
def _signature_default(cls):
    """(whether ``cls.call`` takes ``training``, its default or None)."""
    call = getattr(cls, 'call', None)          # a Keras op recorded in the graph has none
    if call is None:
        return False, None
    try:
        parameter = inspect.signature(call).parameters.get('training')
    except (TypeError, ValueError):
        return False, None
    if parameter is None:
        return False, None
    return True, (None if parameter.default is inspect.Parameter.empty else parameter.default)


def with_keras_training_argument(layer, kwargs):
    """The call's kwargs with ``training`` as Keras 3 records it (before ``mask``, which Keras fills in next)."""
    takes, default = _signature_default(type(layer))
    if not takes or kwargs.get('training') is not None or default is None:
        return kwargs
    return dict(kwargs, training=default)


def without_default_training(layer, kwargs):
    """``kwargs`` of a call read from a config without a ``training`` equal to ``call``'s default
    (Keras's record of the default, which a call here resolves by itself)."""
    takes, default = _signature_default(type(layer))
    if takes and 'training' in kwargs and default is not None and kwargs['training'] is default:
        return {k: v for k, v in kwargs.items() if k != 'training'}
    return kwargs


def takes_training(layer):
    """Whether ``layer``'s call takes ``training`` (Keras 3's ``_call_has_training_arg``)."""
    return _signature_default(type(layer))[0]


def recorded_training(node):
    """The ``training`` Keras 3's graph holds for a functional call that was given none: its call's
    default where Keras records what it fills in (keras_filled_arguments), else None. Keras passes it
    on at run time when the model's own flag is None: a Dropout node records False, so in
    ``Sequential([RandomFlip(), Dropout(0.5)])(x)`` the dropout stays off although the flip's default
    True is the call context's by then."""
    if node.kwargs.get('training') is not None or not takes_training(node.layer):
        return None
    if node.keras_kwargs is not None:        # read from a config: as written there
        return node.keras_kwargs.get('training')
    from .keras_filled_arguments import keras_recorded_kwargs
    return keras_recorded_kwargs(node.layer, node.args, node.kwargs).get('training')
