"""tf.linalg.svd of small square and tall matrices carries TF 2.21's bits (eigen_jacobi_svd.py: Eigen's
JacobiSVD, with its column-pivoting QR for a tall matrix, which TF's BDCSVD runs below 16 columns): ``tf.linalg.svd([[4., 1.], [1., 3.]])``
prints s = [4.6180344 2.3819664] under TF, where LAPACK gave tapeflow [4.618034 2.381966]
(/work/notes/progs/blogs26/p29.py), a PCA's 10 x 2 data gives [3.399448 0.66464317] (LAPACK
[3.3994484 0.6646432], p47.py), and the singular vectors carry TF's signs. Expected values
printed by TF 2.21 (g_svd.py there); the random sweep is q_svd_ref*.py / q_svd_check.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

# (matrix, dtype): TF 2.21's (s, u, v)
GOLDEN = [
    ([[4., 1.], [1., 3.]], 'float32', [4.618034362792969, 2.3819663524627686],
     [[0.8506508469581604, -0.5257311463356018], [0.5257311463356018, 0.8506508469581604]],
     [[0.8506508469581604, -0.5257311463356018], [0.5257311463356018, 0.8506508469581604]]),
    ([[1., 2.], [3., 4.]], 'float32', [5.464985370635986, 0.36596614122390747],
     [[0.40455350279808044, -0.9145143032073975], [0.9145143032073975, 0.40455350279808044]],
     [[0.5760483741760254, 0.8174155950546265], [0.8174155950546265, -0.5760483741760254]]),
    ([[1., 2.], [3., 4.]], 'float64', [5.464985704219043, 0.3659661906262579],
     [[0.404553584833757, -0.9145142956773045], [0.9145142956773045, 0.404553584833757]],
     [[0.5760484367663208, 0.8174155604703633], [0.8174155604703633, -0.5760484367663208]]),
    ([[2., 0., 1.], [1., 3., 0.], [0., 1., 4.]], 'float32', [4.413270473480225, 2.988206624984741, 1.8956962823867798],
     [[0.29393237829208374, 0.07991747558116913, 0.9524793028831482],
      [0.3442937433719635, 0.920754075050354, -0.1835036426782608],
      [0.8916645050048828, -0.381870299577713, -0.24312427639961243]],
     [[0.21121706068515778, 0.36161792278289795, 0.9080857038497925],
      [0.43608155846595764, 0.7965953946113586, -0.41865095496177673],
      [0.8747686743736267, -0.4844256639480591, -0.010559642687439919]]),
    ([[0., 0.], [0., 0.]], 'float32', [0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]),
    ([[-1., 0.], [0., 2.]], 'float32', [2.0, 1.0], [[0.0, -1.0], [1.0, -0.0]], [[0.0, 1.0], [1.0, 0.0]]),
]


def _bits(values):
    return np.asarray(values, np.float64).tobytes()     # signed zeros apart


@pytest.mark.parametrize('matrix, dtype, s, u, v', GOLDEN)
def test_svd_of_a_small_square_matrix_is_tensorflows(matrix, dtype, s, u, v):
    got_s, got_u, got_v = tf.linalg.svd(tf.constant(matrix, dtype))
    assert [_bits(t.numpy()) for t in (got_s, got_u, got_v)] == [_bits(s), _bits(u), _bits(v)]


def test_values_alone_and_keras_ops_svd():
    assert tf.linalg.svd(tf.constant([[4., 1.], [1., 3.]]), compute_uv=False).numpy().tolist() == [
        4.618034362792969, 2.3819663524627686]
    u, s, vt = keras.ops.svd(tf.constant([[1., 2.], [3., 4.]]))
    assert s.numpy().tolist() == [5.464985370635986, 0.36596614122390747]
    assert u.numpy().tolist() == [[0.40455350279808044, -0.9145143032073975], [0.9145143032073975, 0.40455350279808044]]
    # TF 2.21 prints keras.ops.svd's third output as this (g_svd.py)
    assert vt.numpy().tolist() == [[0.5760483741760254, 0.8174155950546265], [0.8174155950546265, -0.5760483741760254]]


def test_the_singular_value_gradient_still_follows():
    a = tf.Variable([[4., 1.], [1., 3.]])
    with tf.GradientTape() as tape:
        top = tf.linalg.svd(a, compute_uv=False)[0]
    # d s_max / dA = u_1 v_1^T
    u1 = np.array([0.8506508469581604, 0.5257311463356018])
    np.testing.assert_allclose(tape.gradient(top, a).numpy(), np.outer(u1, u1), rtol=1e-5)


PCA_DATA = [[2.5, 2.4], [0.5, 0.7], [2.2, 2.9], [1.9, 2.2], [3.1, 3.0], [2.3, 2.7], [2.0, 1.6], [1.0, 1.1], [1.5, 1.6],
            [1.1, 0.9]]


def test_a_tall_matrix_goes_through_the_column_pivoting_qr():
    x = tf.constant(PCA_DATA)
    s, u, v = tf.linalg.svd(x - tf.reduce_mean(x, axis=0))
    assert s.numpy().tolist() == [3.3994479179382324, 0.6646431684494019]
    assert u.numpy()[:3].tolist() == [[0.24356012046337128, 0.2634725272655487],
                                      [-0.5229025483131409, -0.21493825316429138],
                                      [0.2918701171875, -0.5783177614212036]]
    assert v.numpy().tolist() == [[0.6778733730316162, 0.7351786494255066], [0.7351786494255066, -0.6778733730316162]]


def test_a_tall_matrix_with_the_full_u():
    s, u, v = tf.linalg.svd(tf.constant([[1., 2.], [3., 4.], [5., 6.]], tf.float64), full_matrices=True)
    assert s.numpy().tolist() == [9.525518091565104, 0.5143005806586437]
    assert u.numpy().tolist() == [[0.2298476964000714, -0.883461017698525, 0.4082482904638637],
                                  [0.5247448187602936, -0.24078249213254704, -0.816496580927726],
                                  [0.8196419411205157, 0.40189603343343205, 0.40824829046386274]]
    assert v.numpy().tolist() == [[0.6196294838293404, 0.7848944532670523], [0.7848944532670523, -0.6196294838293404]]


def test_a_wide_matrix_goes_through_its_transpose():
    s, u, v = tf.linalg.svd(tf.constant([[1., 2., 3.], [4., 5., 6.]]))
    assert s.numpy().tolist() == [9.508033752441406, 0.772869348526001]
    assert u.numpy().tolist() == [[-0.38631772994995117, -0.9223658442497253], [-0.9223658442497253, 0.38631772994995117]]
    assert v.numpy().tolist() == [[-0.4286671280860901, 0.8059641122817993], [-0.5663069486618042, 0.11238239705562592],
                                  [-0.7039467692375183, -0.5811991691589355]]
