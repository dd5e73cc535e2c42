"""Variables first made in the body of a ``for`` over a tf.data dataset inside a tf.function (an optimizer's
slots at its first apply_gradients) are made in the ReduceDataset function's own graph, where TF 2.21's
first-trace check does not see them: the function traces once and its trace prints once (tapeflow traced
the first call twice, as for slots made in the function's own body: count 2, the print twice).

Expected values printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q43.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_train_epoch_over_a_dataset_traces_once(capsys):
    keras.utils.set_random_seed(7)
    x = np.random.rand(48, 3).astype('float32')
    y = (x @ np.array([[1.], [2.], [-1.]], 'float32'))
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(16)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    opt = keras.optimizers.Adam(0.05)

    @tf.function
    def train_epoch(ds):
        total = tf.constant(0.0)
        n = tf.constant(0)
        for xb, yb in ds:
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(model(xb) - yb))
            grads = tape.gradient(loss, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            total += loss
            n += 1
        print('traced epoch', total, n)
        return total / tf.cast(n, tf.float32)

    for _ in range(10):
        loss = train_epoch(ds)
    assert float(loss) == 0.21890635788440704
    assert model.layers[0].kernel.numpy().ravel().tolist() == [0.18448850512504578, 1.332870602607727,
                                                                0.3000151515007019]
    assert (train_epoch.experimental_get_tracing_count(), int(opt.iterations)) == (1, 30)
    assert capsys.readouterr().out.splitlines() == [
        'traced epoch Tensor("ReduceDataset:1", shape=(), dtype=float32) '
        'Tensor("ReduceDataset:0", shape=(), dtype=int32)']
