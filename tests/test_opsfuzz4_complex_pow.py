"""Complex tf.pow as TF 2.21's kernel: the C library's cpow, exp(y * log(x)) in the tensor's dtype, also
for integer exponents (numpy's power multiplies those out exactly). Printed by TF 2.21:
``print(tf.pow(tf.constant([1+1j], tf.complex64), 2))`` -> tf.Tensor([-8.742278e-08+2.j], shape=(1,), dtype=complex64)."""
import numpy as np

import framework as tf


def test_integer_exponents_go_through_exp_and_log():
    assert str(tf.pow(tf.constant([1 + 1j], tf.complex64), 2)) == \
        'tf.Tensor([-8.742278e-08+2.j], shape=(1,), dtype=complex64)'
    x = np.array([0, 0, 1, -1, 1j, 0], np.complex64)
    y = np.array([2, 0, 0.5, 0.5, 2, -1], np.complex64)
    # TF 2.21: tf.pow(x, y).numpy().tolist() (complex64)
    got = tf.pow(tf.constant(x), tf.constant(y)).numpy()
    np.testing.assert_array_equal(got, np.array([0, complex(np.nan, np.nan), 1, -4.371138828673793e-08 + 1j,
                                                 -1 - 8.742277657347586e-08j, complex(np.inf, np.nan)], np.complex64))
    # (a ** 2)[3] and [4]: (1+1.7484555314695172e-07j), (-1-8.742277657347586e-08j)
    squares = (tf.constant(x) ** 2).numpy()
    assert squares[3] == np.complex64(1 + 1.7484555314695172e-07j)
    assert squares[4] == np.complex64(-1 - 8.742277657347586e-08j)
    # complex128: (1-2.4492935982947064e-16j) and (-1+1.2246467991473532e-16j)
    wide = (tf.constant(x.astype(np.complex128)) ** 2).numpy()
    assert wide[3] == 1 - 2.4492935982947064e-16j and wide[4] == -1 + 1.2246467991473532e-16j


def test_real_pow_is_unchanged():
    assert tf.pow(tf.constant([2., 3.]), 2.).numpy().tolist() == [4.0, 9.0]
    assert tf.pow(tf.constant([2, 3]), 2).numpy().tolist() == [4, 9]
