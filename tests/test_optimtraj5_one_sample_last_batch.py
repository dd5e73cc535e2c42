"""A one-row float32 product under a gradient tape sums as oneDNN's in-order FMA chain at any size up to a
depth of 384 (one_row_product.py), as it did outside a tape: a fit whose last batch holds one sample (37
samples in batches of 6) left TF 2.21's weights at that batch (Dense(5 -> 7) of one row: 35 values, above
the 32 the emulated chain took under a tape). Digests: sha1 of the model's weight bytes after each batch,
6 hex digits, printed by TF 2.21 on the AVX-512 Xeon (probes /work/notes/progs/optimtraj3/partial.py,
partial3.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    rng = np.random.RandomState(5)
    x = rng.randn(37, 5).astype('float32')
    labels = (x[:, 0] + 0.3 * rng.randn(37) > 0).astype('int32')
    weights = (0.5 + rng.rand(37)).astype('float32')
    return x, labels, weights


def _model(optimizer):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation='relu'),
                              keras.layers.Dense(2, activation='softmax')])
    model.compile(optimizer=optimizer, loss='sparse_categorical_crossentropy', metrics=['accuracy'])
    return model


class _Digests(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.rows = []

    def on_train_batch_end(self, batch, logs=None):
        digest = hashlib.sha1()
        for w in self.model.weights:
            digest.update(np.asarray(w.numpy()).tobytes())
        self.rows.append(digest.hexdigest()[:6])


FITS = [(7, False, 'sgdm', '50edc4 7992a1 6aa47d 23b9df'),
        (13, True, 'sgdm', 'da1798 108fa2 13e4f4 1c2ed5 7c2a91 68b867'),
        (37, False, 'adam', '765901 8a43ae eba9f5 40f29b eb78ff 1be28e 259ff6 af3de5 c3b4d8 44e928 97a593 3971cd '
                            'fb7be8 963c97'),
        (37, True, 'adam', '068474 5d72a9 a6a406 39413f 584b8c 05da75 a0efbd f1e5df 198bf4 7229ab e71a0e 3683f5 '
                           '92f16f d9953f')]


@pytest.mark.parametrize('samples, weighted, name, expected', FITS, ids=['7-sgdm', '13-sgdm-weighted', '37-adam',
                                                                        '37-adam-weighted'])
def test_fit_with_a_last_batch_of_one_sample(xeon_cpu, samples, weighted, name, expected):
    x, labels, weights = _data()
    optimizer = keras.optimizers.SGD(0.05, momentum=0.9) if name == 'sgdm' else keras.optimizers.Adam(0.01)
    model = _model(optimizer)
    digests = _Digests()
    extra = {'sample_weight': weights[:samples]} if weighted else {}
    model.fit(x[:samples], labels[:samples], batch_size=6, epochs=2, verbose=0, shuffle=False, callbacks=[digests],
              **extra)
    assert ' '.join(digests.rows) == expected


def test_taped_one_row_dense_matches_untaped(xeon_cpu):
    x, labels, _ = _data()
    model = _model(keras.optimizers.SGD(0.05))
    model.train_on_batch(x[6:7], labels[6:7])
    with tf.GradientTape():
        hidden = model.layers[0](x[7:8])
        out = model(x[7:8], training=True)
    assert [float(v).hex() for v in np.ravel(hidden)[:4]] == [
        '0x1.0056080000000p+1', '0x1.9d61720000000p-2', '0x1.cd65d60000000p-3', '0x1.5c24440000000p-3']
    assert [float(v).hex() for v in np.ravel(out)] == ['0x1.8eb2640000000p-1', '0x1.c536720000000p-3']
