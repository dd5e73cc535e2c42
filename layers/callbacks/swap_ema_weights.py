"""keras.callbacks.SwapEMAWeights: evaluate (and predict, and optionally end each epoch) with the
optimizer's exponential moving averages of the weights in the model, then swap the weights back.

Swapped as Keras's TensorFlow backend swaps: ``w += a; a = w - a; w -= a``, in the weights'
dtype, so a swap there and back can move the last bit, as it does in TensorFlow. As in Keras
3.15, ``on_predict_end`` leaves the averages in the model (its condition is inverted).
"""
from .callback import Callback


def _swap(variable, average):
    variable._detach()                   # a snapshot held by a tape keeps the old values
    w, a = variable._data, average._data
    w += a
    a[...] = w - a
    w -= a


def _finalize(variable, average):
    average._data[...] = variable._data


class SwapEMAWeights(Callback):
    """Swap the model's weights with the optimizer's moving averages (``use_ema=True``) around
    evaluation and prediction, and with ``swap_on_epoch`` at each epoch's end (back at the next
    epoch's start; after the last epoch the averages are made the final weights).

    Raises:
        ValueError: the model's optimizer does not keep moving averages (Keras's message).
    """

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_weights_in_model = False

    def _each_average(self, update):
        optimizer = self.model.optimizer
        optimizer = getattr(optimizer, 'inner_optimizer', optimizer)
        slots = getattr(optimizer, '_slots', None)
        if not getattr(optimizer, 'use_ema', False) or slots is None or not slots.model_variables():
            raise ValueError('SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. Received: '
                             'use_ema=%s' % getattr(optimizer, 'use_ema', False))
        for variable in slots.model_variables():
            update(variable, slots.get(variable, 'average'))

    def on_epoch_begin(self, epoch, logs=None):
        if self.swap_on_epoch and self._ema_weights_in_model:
            self._each_average(_swap)
            self._ema_weights_in_model = False

    def on_epoch_end(self, epoch, logs=None):
        if self.swap_on_epoch and not self._ema_weights_in_model:
            self._each_average(_swap)
            self._ema_weights_in_model = True
            if epoch == self.params['epochs'] - 1:
                self._each_average(_finalize)

    def on_test_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._each_average(_swap)
            self._ema_weights_in_model = True

    def on_test_end(self, logs=None):
        if self._ema_weights_in_model:
            self._each_average(_swap)
            self._ema_weights_in_model = False

    def on_predict_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._each_average(_swap)
            self._ema_weights_in_model = True

    def on_predict_end(self, logs=None):
        if not self._ema_weights_in_model:       # Keras 3.15's condition: never true after on_predict_begin
            self._each_average(_swap)
            self._ema_weights_in_model = False
