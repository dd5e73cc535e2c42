"""fit with steps_per_epoch and compile(steps_per_execution=n) runs whole executions, as Keras 3.

Keras 3 (TF 2.21) walks an epoch as range(0, steps_per_epoch, n) and each execution runs n steps
while the input lasts: steps_per_epoch=5 in executions of 2 is 6 steps. With arrays (or a finite
Dataset) an execution starts only while fewer than all the data's batches were counted (n per
execution); the next epoch goes on from there, and one that starts used up warns and ends.
tapeflow ran exactly steps_per_epoch steps (a shorter last group), so losses and the optimizer's
iterations drifted from the training guide's steps_per_execution example. Goldens: TF 2.21 /
Keras 3 (/work/notes/progs/kguides5/g4.py and g5.py): batch-end indices, the optimizer's iterations
at each epoch end ('e'), the epoch losses and the count of 'ran out of data' warnings.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

X = (np.arange(320, dtype='float32').reshape(160, 2) % 11) / 11         # 5 batches of 32
Y = (np.arange(160, dtype='float32') % 3).reshape(160, 1) / 3


class Ends(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(('b', batch))

    def on_test_batch_end(self, batch, logs=None):
        self.seen.append(('t', batch))

    def on_epoch_end(self, epoch, logs=None):
        self.seen.append(('e', int(self.model.optimizer.iterations.numpy())))


def fit(data, every, steps, epochs, validation=None, validation_steps=None):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile(keras.optimizers.SGD(0.1), 'mse', steps_per_execution=every)
    ends = Ends()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(*data, epochs=epochs, steps_per_epoch=steps, verbose=0, callbacks=[ends],
                            validation_data=validation, validation_steps=validation_steps,
                            **({'batch_size': 32, 'shuffle': False} if len(data) == 2 else {}))
    ran_out = sum('ran out of data' in str(w.message) for w in caught)
    return ends.seen, history.history, ran_out


LOSSES_5 = [0.38431820273399353, 0.20266997814178467, 0.1784345954656601]


@pytest.mark.parametrize('every, steps, epochs, seen, losses, ran_out', [
    (2, 5, 3, [('b', 1), ('b', 3), ('b', 5), ('e', 5)] + [('b', 1), ('b', 3), ('b', 5), ('e', 10)]
     + [('b', 1), ('b', 3), ('b', 5), ('e', 15)], LOSSES_5, 0),
    (3, 4, 3, [('b', 2), ('b', 5), ('e', 5), ('b', 2), ('b', 5), ('e', 10), ('b', 2), ('b', 5), ('e', 15)],
     LOSSES_5, 0),
    (2, 3, 3, [('b', 1), ('b', 3), ('e', 4), ('b', 1), ('e', 5), ('b', 1), ('b', 3), ('e', 9)],
     [0.42041707038879395, 0.23992279171943665, 0.2062508910894394], 1),
    (4, 5, 2, [('b', 3), ('b', 7), ('e', 5), ('b', 3), ('b', 7), ('e', 10)], LOSSES_5[:2], 0),
])
def test_arrays_run_whole_executions(every, steps, epochs, seen, losses, ran_out, same_as_tf):
    got_seen, history, got_ran_out = fit((X, Y), every, steps, epochs)
    assert got_seen == seen
    same_as_tf(history['loss'], losses)
    assert got_ran_out == ran_out


def test_validation_steps_run_whole_executions():
    seen, history, _ = fit((X, Y), 2, 2, 3, validation=(X[:96], Y[:96]), validation_steps=3)
    assert seen == [('b', 1), ('t', 1), ('t', 3), ('e', 2), ('b', 1), ('t', 1), ('t', 3), ('e', 4),
                    ('b', 1), ('t', 1), ('t', 3), ('e', 5)]
    assert history['loss'] == [0.5378745794296265, 0.3029595613479614, 0.23992279171943665]


@pytest.mark.parametrize('repeat, seen, losses, val_losses, ran_out', [
    (True, [('b', 1), ('b', 3), ('b', 5), ('t', 1), ('t', 3), ('e', 6)] * 1
     + [('b', 1), ('b', 3), ('b', 5), ('t', 1), ('t', 3), ('e', 12)],
     [0.35699376463890076, 0.1954468935728073], [0.2089465856552124, 0.17837582528591156], 0),
    (False, [('b', 1), ('b', 3), ('b', 5), ('t', 1), ('t', 3), ('e', 6), ('b', 1), ('t', 1), ('t', 3), ('e', 8)],
     [0.35699376463890076, 0.20908412337303162], [0.2089465856552124, 0.19551438093185425], 1),
])
def test_datasets_run_whole_executions(repeat, seen, losses, val_losses, ran_out, same_as_tf):
    x = (np.arange(512, dtype='float32').reshape(256, 2) % 11) / 11          # 8 batches of 32
    y = (np.arange(256, dtype='float32') % 3).reshape(256, 1) / 3
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(32)
    if repeat:
        ds = ds.repeat()
    got_seen, history, got_ran_out = fit((ds,), 2, 5, 2, validation=ds, validation_steps=3)
    assert got_seen == seen
    same_as_tf(history['loss'], losses)
    same_as_tf(history['val_loss'], val_losses)
    assert got_ran_out == ran_out
