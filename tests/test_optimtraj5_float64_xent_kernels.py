"""float64 softmax cross-entropies take TF's Xent kernels' Eigen exp and log (Packet4d, C's exp for a row's
last classes % 4), as float32 already did: TF 2.21 printed these digests (sha1 of the output bytes, 12 hex
digits; probes /work/notes/progs/optimtraj3/f64xent.py, f64emb.py).

tapeflow used numpy's exp / log for float64: the losses and gradients differed in the last bit on up to a third
of the values, so a float64 classifier's weights (a Conv2D's, a Dense bias) left TF's from the first step.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def _digest(t):
    return hashlib.sha1(np.ascontiguousarray(np.asarray(t)).tobytes()).hexdigest()[:12]


# (rows, classes): sparse loss, its gradient, the dense loss on one-hot labels (None: past the exact-math size)
XENT = [((8, 2), 'df4315cda787', '6496bb9bb1ac', 'df4315cda787'),
        ((8, 3), 'bb906fbf60eb', '5f6361925fe9', 'bb906fbf60eb'),
        ((16, 5), '2b93bede61b7', '866cc70a35ad', '65c486be4489'),
        ((32, 10), None, None, None),
        ((7, 4), '8b16ac0d4678', '8775903dc7a5', '8b16ac0d4678'),
        ((3, 9), 'fbddf4d01f9c', '41bdddb29a03', 'fbddf4d01f9c'),
        ((64, 2), '6dd27523b35e', '794317dfed09', '53a5a48456ac'),
        ((5, 17), '194194bbeef5', 'e7a1c7d1a5cb', '194194bbeef5')]


def test_sparse_and_dense_xent_losses_and_gradients():
    rng = np.random.RandomState(8)
    for (rows, classes), loss, grad, dense in XENT:
        logits = tf.constant(rng.randn(rows, classes) * 3)
        labels = rng.randint(0, classes, rows)
        if loss is None:
            continue
        with tf.GradientTape() as tape:
            tape.watch(logits)
            out = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        assert (_digest(out), _digest(tape.gradient(out, logits))) == (loss, grad), (rows, classes)
        onehot = tf.one_hot(labels, classes, dtype='float64')
        assert _digest(tf.nn.softmax_cross_entropy_with_logits(labels=onehot, logits=logits)) == dense


def _embedding_model():
    return keras.Sequential([keras.Input((5,), dtype='int32'), keras.layers.Embedding(20, 6),
                             keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(5, activation='relu'),
                             keras.layers.Dense(2, activation='softmax')])


def _conv_model():
    return keras.Sequential([keras.Input((6, 6, 2)), keras.layers.Conv2D(4, 3, activation='relu'),
                             keras.layers.MaxPooling2D(), keras.layers.Flatten(),
                             keras.layers.Dense(3, activation='softmax')])


# per train_on_batch: the loss and each weight's digest (6 hex digits), SGD(0.0625), eager and traced alike
# but for the embedding, whose traced step TF sums otherwise
CASES = [('embedding', _embedding_model, True,
          [('0x1.6352a21a36ab2p-1', ['be7de6', 'c081d8', 'e8b4da', 'bad35f', '5b1b71']),
           ('0x1.636ed7fb63e6cp-1', ['f68ab1', '5c804a', '3e40f6', '9b3a9a', 'dbb106'])]),
         ('embedding', _embedding_model, False,
          [('0x1.6352a21a36ab2p-1', ['4a70e0', 'c081d8', 'e8b4da', 'bad35f', '5b1b71']),
           ('0x1.636ed7fb63e6cp-1', ['cc4165', '5c804a', '3e40f6', '9b3a9a', 'dbb106'])]),
         ('conv', _conv_model, False,
          [('0x1.583d538cd965cp+0', ['b4e944', '6ce3d4', '444df6', '957691']),
           ('0x1.4081da0fab342p+0', ['f2b4f5', 'ca6706', '827add', '26facb'])])]


@pytest.mark.parametrize('name, make, run_eagerly, expected', CASES,
                         ids=['embedding-eager', 'embedding-traced', 'conv-traced'])
def test_float64_classifiers_train_with_tf_bits(float64_floatx, xeon_cpu, name, make, run_eagerly, expected):
    rng = np.random.RandomState(4)
    images, image_labels = rng.randn(16, 6, 6, 2), rng.randint(0, 3, 16)
    tokens, token_labels = rng.randint(0, 20, (16, 5)), rng.randint(0, 2, 16)
    x, y = (tokens, token_labels) if name == 'embedding' else (images, image_labels)
    keras.utils.set_random_seed(3)
    model = make()
    model.compile(optimizer=keras.optimizers.SGD(0.0625), loss='sparse_categorical_crossentropy',
                  run_eagerly=run_eagerly)
    seen = []
    for step in range(2):
        loss = model.train_on_batch(x[step * 8:step * 8 + 8], y[step * 8:step * 8 + 8])
        seen.append((float(loss).hex(), [_digest(w.numpy())[:6] for w in model.weights]))
    assert seen == expected
