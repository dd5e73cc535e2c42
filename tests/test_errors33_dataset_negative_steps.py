"""fit / evaluate / predict of a tf.data.Dataset with a negative steps count: Keras 3 reads the Dataset to
its end as one of unknown length, so TF 2.21 begins one more step per pass that finds no batch (the
optimizer's iterations count it), and warns that the input ran out. tapeflow read -1 as 'all the data' of
the Dataset's known length: 5 steps, no warning.

Printed by TF 2.21 (notes/progs/errors33/dsneg.py), x = arange(40).reshape(10, 4) / 40, y = ones((10, 3)),
Sequential([Input((4,)), Dense(3)]) compiled ('sgd', 'mse') after keras.utils.set_random_seed(1):
    h = m.fit(ds.batch(2), steps_per_epoch=-1, epochs=2, verbose=0)
-> batch begins 0..5 in each epoch, {'loss': [1.7632112503051758, 1.5346689224243164]}, iterations 12,
   'Your input ran out of data; interrupting training. ...' (UserWarning) in each epoch.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from helpers_small_fit import X, Y, compiled


class _Begins(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.begun = []

    def on_train_batch_begin(self, batch, logs=None):
        self.begun.append(batch)


def _ran_out(caught):
    return [w for w in caught if str(w.message).startswith('Your input ran out of data')]


def test_fit_reads_the_dataset_as_one_of_unknown_length():
    model, begins = compiled(), _Begins()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(2), steps_per_epoch=-1, epochs=2,
                            verbose=0, callbacks=[begins])
    assert history.history['loss'] == [1.7632112503051758, 1.5346689224243164]
    assert int(model.optimizer.iterations) == 12
    assert begins.begun == [0, 1, 2, 3, 4, 5] * 2
    assert len(_ran_out(caught)) == 2


@pytest.mark.parametrize('call', [
    lambda m: m.evaluate(tf.data.Dataset.from_tensor_slices((X, Y)).batch(2), steps=-1, verbose=0),
    lambda m: m.predict(tf.data.Dataset.from_tensor_slices(X).batch(2), steps=-1, verbose=0),
])
def test_evaluate_and_predict_warn_that_the_input_ran_out(call, cpu_kind):
    model = compiled()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        result = call(model)
    assert len(_ran_out(caught)) == 1
    if np.ndim(result) == 0:
        # TF 2.21 (on an AVX2 AMD EPYC, oneDNN off: Eigen's product order, one bit below)
        assert result == (1.8562180995941162 if cpu_kind == 'avx2' else 1.8562183380126953)
    else:
        assert result.shape == (10, 3)
