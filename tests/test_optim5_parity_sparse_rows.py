"""Optimizers on IndexedSlices (an Embedding's gradient) with repeated rows, eager and traced, as TF 2.21.

- RMSprop / Adagrad / Adadelta divide each row by the gathered ``sqrt(...)``: in a traced step a
  Gather stands between the Div and the Sqrt, so grappler keeps the division (the dense update's
  ``x * rsqrt(y)`` rewrite does not apply); tapeflow had used rsqrt for the rows too.
- Adafactor takes u row by row over the gathered ``sqrt(v)``, rms(u) over those rows (``sum /
  size``, times 1 / size in a traced step) and scatters the steps row by row; tapeflow had summed
  repeated rows first (the variable differed from the first step).

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref) applying the same IndexedSlices to a
keras.Variable, eagerly and inside a tf.function that returns apply_gradients' result; the
variable as ``tobytes().hex()`` after 4 steps (/work/notes/progs/optim5/gold6.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

OPTIMIZERS = {
    'rmsprop': lambda: keras.optimizers.RMSprop(0.01, centered=True),
    'adagrad': lambda: keras.optimizers.Adagrad(0.05),
    'adadelta': lambda: keras.optimizers.Adadelta(1.0),
    'adafactor': lambda: keras.optimizers.Adafactor(0.01, clip_threshold=0.3),
}

GOLDEN = {
    ('rmsprop', 'eager'): ('5a09883d3d0144be11c4143ffff3423ea66612bfb7c88c3e149bb23fd18c7c3feda740bfad90a9bf99bd2ebff94a93bc'
        '1d4a1cc026ca2bbe9255a4bf31472cbfc04bf8be764fc0be5a65b43e79b37b3f225940be9c7fb63fe27839bfc29b953e'
        '8178763f75ff1c3e49272fbf83c75cbf8c5b04bf1ac0243e83d288bf657719bea1c65fbe8aa3193f4c978b3e0b96973e'),
    ('rmsprop', 'traced'): ('5a09883d3d0144be11c4143ffff3423ea66612bfb8c88c3e149bb23fd18c7c3feda740bfad90a9bf99bd2ebff94a93bc'
        '1d4a1cc026ca2bbe9255a4bf31472cbfc04bf8be764fc0be5a65b43e79b37b3f225940be9c7fb63fe27839bfc29b953e'
        '8178763f75ff1c3e49272fbf83c75cbf8c5b04bf1ac0243e83d288bf657719bea1c65fbe8aa3193f4c978b3e0b96973e'),
    ('adagrad', 'eager'): ('d58f293d80bf5cbe76b0123fd6bf5e3ef9b914bf8087803eee1bb53f7b97803f5a5346bf27bbacbf1dee34bf9d8316bd'
        '22cd1dc0f64a14bec5aaa6bfaa1626bf456aeebe4acdcbbea0f3ca3ebc3e753f502c35be2b1ab73fd0be3fbff0b6883e'
        '2e467b3fb7ab263ecd2c29bf6b4956bf369df2be8699103eb2c08bbf0c9306be316d79be42bd1f3fc8405d3e84c08d3e'),
    ('adagrad', 'traced'): ('d58f293d80bf5cbe76b0123fd6bf5e3ef9b914bf8087803eee1bb53f7b97803f5a5346bf27bbacbf1dee34bf9d8316bd'
        '22cd1dc0f64a14bec5aaa6bfaa1626bf456aeebe4acdcbbea0f3ca3ebc3e753f502c35be2b1ab73fd0be3fbff0b6883e'
        '2e467b3fb7ab263ecd2c29bf6b4956bf369df2be8699103eb2c08bbf0c9306be316d79be42bd1f3fc8405d3e84c08d3e'),
    ('adadelta', 'eager'): ('bdaafb3d8d300abe3a38233fb1abde3db79809bf8e28b73e186da73ff5f4723f0ec534bf9656a2bf6e4920bf389d1d3d'
        'ca1a15c0467d5dbe40b89fbf5cbb3abf0b9a0abf1f67a3be5e4cd13ed313853fa08806be8745af3fb7042bbf1a84b23e'
        '5604683f9e5dc63d749b3dbfae3b6bbfeecfebbec7905e3e6c9881bf124853bef0f525be5f2f0b3f74965e3e627eb43e'),
    ('adadelta', 'traced'): ('bdaafb3d8d300abe3a38233fb1abde3db79809bf8e28b73e186da73ff5f4723f0ec534bf9656a2bf6e4920bf389d1d3d'
        'ca1a15c0467d5dbe40b89fbf5cbb3abf0b9a0abf1f67a3be5e4cd13ed313853fa08806be8745af3fb7042bbf1a84b23e'
        '5604683f9e5dc63d749b3dbfae3b6bbfeecfebbec7905e3e6c9881bf124853bef0f525be5f2f0b3f74965e3e627eb43e'),
    ('adafactor', 'eager'): ('e5edee3db97c0fbe6568233ff6aef03da9aa09bf4d65b43ea56ca73f3a8c733fadfd35bf6ce0a2bf885721bf5b3f1c3d'
        '849415c033f358bebe0da0bf559a39bf473a0abf49e9a4be8aa2d23ee3fd833f91a804bebf17af3f95602cbf3889ae3e'
        '8678683f6238c73dfb093cbf189d69bfac7ceabee9315e3ec9cc81bf9de052be055b2cbe6e030d3f4ddb5b3e79b0b23e'),
    ('adafactor', 'traced'): ('e5edee3db97c0fbe6568233ff6aef03da9aa09bf4d65b43ea56ca73f3a8c733fadfd35bf6ce0a2bf885721bf5b3f1c3d'
        '849415c033f358bebe0da0bf559a39bf473a0abf49e9a4be8aa2d23ee3fd833f91a804bebf17af3f95602cbf3889ae3e'
        '8678683f6238c73dfb093cbf189d69bfac7ceabee9315e3ec9cc81bf9de052be055b2cbe6e030d3f4ddb5b3e79b0b23e'),
}


@pytest.mark.parametrize('name, mode', sorted(GOLDEN))
def test_repeated_rows_eager_and_traced(name, mode):
    rng = np.random.default_rng(0)
    init = rng.standard_normal((12, 3)).astype(np.float32)
    indices = [np.array([1, 4, 4, 7, 0, 11, 1, 4]), np.array([2, 2, 3, 9, 10, 5, 6, 8])]
    values = [rng.standard_normal((8, 3)).astype(np.float32) for _ in range(2)]
    variable = keras.Variable(init, name='emb')
    opt = OPTIMIZERS[name]()

    def step(rows, at):
        return opt.apply_gradients([(tf.IndexedSlices(rows, at, tf.constant([12, 3])), variable)])
    if mode == 'traced':
        step = tf.function(step)
    for t in range(4):
        step(tf.constant(values[t % 2]), tf.constant(indices[t % 2]))
    assert np.asarray(variable.numpy()).tobytes().hex() == GOLDEN[name, mode]
