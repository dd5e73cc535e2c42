"""float16 sums and the optimizers that reduce float16 variables, as TF 2.21.

TensorFlow's float16 reduce_sum runs Eigen's inner-most reducer on Packet8h: the four packet
accumulators and the last n % 8 values add in half precision, but the fold of the final packet
(predux) converts it to float32, sums the 8 lanes there and rounds once; tapeflow summed float16
with numpy's pairwise sum (a float32 accumulator). Keras's ops.mean (Adafactor's moments and rms)
takes a float16 mean in float32 and rounds back. Lamb's norms, clipnorm's and global_clipnorm's
sums of squares and Adafactor on float16 variables drifted by 1-30 half ulps.

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref): reduce_sum of float16 vectors (and of
their columns), and 10 eager steps on float16 variables, as ``tobytes().hex()``
(/work/notes/progs/optim5/gold11.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SUMS = [   # (length, sum, column sums of the vector repeated in 3 columns)
    (5, '2b45', '2b452b452b45'),
    (8, 'a5c7', 'a6c7a6c7a6c7'),
    (9, '164c', '164c164c164c'),
    (17, 'ad42', 'af42af42af42'),
    (33, '0bcc', '0acc0acc0acc'),
    (100, 'bbce', 'bccebccebcce'),
    (300, 'ad4c', 'a84ca84ca84c'),
]


def test_float16_sums_add_as_tensorflows_packets():
    rng = np.random.default_rng(21)
    for n, total, columns in SUMS:
        a = (rng.standard_normal(n) * 3).astype(np.float16)
        assert np.float16(tf.reduce_sum(tf.constant(a)).numpy()).tobytes().hex() == total, n
        stacked = tf.constant(a.reshape(-1, 1) * np.ones((1, 3), np.float16))
        assert np.asarray(tf.reduce_sum(stacked, axis=0).numpy()).tobytes().hex() == columns, n


OPTIMIZERS = {
    'lamb': lambda: keras.optimizers.Lamb(0.01),
    'adam_clipnorm': lambda: keras.optimizers.Adam(0.01, clipnorm=1.0),
    'sgd_global_clipnorm': lambda: keras.optimizers.SGD(0.05, global_clipnorm=1.5),
    'adafactor': lambda: keras.optimizers.Adafactor(0.01),
}

GOLDEN = {
    'lamb': [
        '86bd7ebc89bc52b94e3e0fbe103ca13dd4b33fba6937953c',
        '4540663b213eaeb73eb9',
        '61be05bd2eb6862d1bbd913a14afd4b8b3ba53402332f8badbbb8a3e02b9713c183d8bc0503d32b4ffbb10b987371a38'
        '783795b99c3dc53d483f953c993f0140af38633a9a36e137923a9dbedfb377383dc04abe',
    ],
    'adam_clipnorm': [
        '94bda3bcebbc1bb90d3e41beca3b543de2b4ecb95e37b33c',
        '4d40253b463e7bb75cba',
        'bebed3bcb2b556303ebd6a3af2adf5b877ba2c40143230bb94bbff3eb3b8983c6c3d9ec0553dd3b322bcb9b821380e37'
        'c63db0b9463dd83d633f2b3c853f15403f39d83a0a38263893c9b6be94c0f43737c0f1bd',
    ],
    'sgd_global_clipnorm': [
        '8ebdc4bc0bbd35b9e63d3cbed23b383dbab4cbb9cd37d33c',
        '48403f3b613e6ab77eba',
        'c0bebebc22b6e6313ebd8b3a42aef9b82eba1e4081322ebbdabb083fb4b8a83c593d9fc06b3d66b344bc7bb85238b136'
        '0b37bab93e3df53d493f3c3c9d3f26401539b43a2f386238df3ab2be22b5213839c0e0bd',
    ],
    'adafactor': [
        '91bdc0bc13bd22b9f13d37beeb3b523dcfb4c3b9c237d03c',
        '49403f3b5c3e88b73dba',
        'b3bed9bcfdb55d3133bd933a73ae08b91cba1f407b3234bbebbb033fb7b89a3c523da0c0633dd7b341bc83b84138e136'
        '1937a5b9493dee3d423f4a3c953f2840f738af3a21388238e63aaabe0cb53d383cc0e4bd',
    ],
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_float16_variables_eager(name):
    rng = np.random.default_rng(22)
    shapes = [(3, 4), (5,), (6, 7)]
    init = [rng.standard_normal(s).astype(np.float16) for s in shapes]
    grads = [[(rng.standard_normal(s) * 2).astype(np.float16) for s in shapes] for t in range(10)]
    variables = [tf.Variable(a) for a in init]
    opt = OPTIMIZERS[name]()
    for gs in grads:
        opt.apply_gradients(zip([tf.constant(g) for g in gs], variables))
    assert [np.asarray(v.numpy()).tobytes().hex() for v in variables] == GOLDEN[name]
