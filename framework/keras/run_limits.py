"""Keras 3's debugging caps on training length: ``keras.config.set_max_epochs`` and
``set_max_steps_per_epoch`` (also read from ``KERAS_MAX_EPOCHS`` / ``KERAS_MAX_STEPS_PER_EPOCH``
at import, as Keras reads them), honoured by fit, evaluate and predict."""
import os
import warnings

_limits = {'epochs': None, 'steps_per_epoch': None}
if 'KERAS_MAX_EPOCHS' in os.environ:
    _limits['epochs'] = int(os.environ['KERAS_MAX_EPOCHS'])
if 'KERAS_MAX_STEPS_PER_EPOCH' in os.environ:
    _limits['steps_per_epoch'] = int(os.environ['KERAS_MAX_STEPS_PER_EPOCH'])


def set_max_epochs(max_epochs):
    """Cap the epochs of every later ``fit`` at ``max_epochs`` (None: no cap)."""
    _limits['epochs'] = max_epochs


def max_epochs():
    """The cap set by ``set_max_epochs`` or ``KERAS_MAX_EPOCHS``, or None."""
    return _limits['epochs']


def set_max_steps_per_epoch(max_steps_per_epoch):
    """Cap the steps of each epoch of fit, evaluate and predict (None: no cap)."""
    _limits['steps_per_epoch'] = max_steps_per_epoch


def max_steps_per_epoch():
    """The cap set by ``set_max_steps_per_epoch`` or ``KERAS_MAX_STEPS_PER_EPOCH``, or None."""
    return _limits['steps_per_epoch']


def capped_epochs(epochs):
    """``epochs``, lowered to the cap with Keras's warning when the cap is smaller."""
    cap = _limits['epochs']
    if cap and cap < epochs:
        warnings.warn('Limiting epochs to %d' % cap, stacklevel=3)
        return cap
    return epochs


def capped_steps(steps_per_epoch):
    """``steps_per_epoch`` (None: the whole data), lowered to the cap as Keras's EpochIterator does."""
    cap = _limits['steps_per_epoch']
    if cap and (not steps_per_epoch or cap < steps_per_epoch):
        warnings.warn('Limiting steps_per_epoch to %d' % cap, stacklevel=3)
        return cap
    return steps_per_epoch
