"""tf.linalg.cross as one op with TF 2.21's rule (cross(b, g), cross(g, a)), and tf.linalg.diag of a band
(k=(lower, upper)) placing each diagonal by selection with TF's rule (the band of g): composed from slices and
sums, both added zeros to zeros and lost the -0.0 that TF keeps (fuzz 48 #183, #203). Values printed by TF 2.21
(progs/gradfuzz8/pin_cross2.py, pin_cross_band.py, t_cross.py 80/80, t_band.py 60/60 equal)."""
import framework as tf


def _text(t):
    return str(t.numpy().tolist())


def test_jacobian_of_a_cross_product_keeps_negative_zeros():
    x = tf.constant([[0.67, 1.48, -1.88]])
    v = tf.constant([[-0.35, 0.38, -1.23]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.linalg.cross(x, v)
    assert str(tape.jacobian(y, x).numpy().ravel().tolist()) == (
        '[0.0, -1.2300000190734863, -0.3799999952316284, 1.2300000190734863, 0.0, -0.3499999940395355, '
        '0.3799999952316284, 0.3499999940395355, -0.0]')


def test_band_diagonals_keep_negative_zeros():
    d = tf.linalg.diag(tf.constant([[-0.0, 1.0, 2.0], [3.0, -0.0, 4.0]]), k=(-1, 0), num_rows=3, num_cols=3)
    assert _text(d) == '[[-0.0, 0.0, 0.0], [3.0, 1.0, 0.0], [0.0, -0.0, 2.0]]'


def test_gradient_through_a_band_and_a_cross_product():
    x = tf.constant([[-0.7, 0.76, 1.31], [1.98, 0.97, -2.0]], tf.float64)
    v = tf.constant([[1.52, 0.78, -1.2], [0.41, 1.19, -0.84], [1.25, 1.95, -1.26]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        d = tf.linalg.diag(x, k=(-1, 0), padding_value=0.25)
        y = tf.reduce_sum(tf.linalg.cross(d, v) * tf.constant([[0.0, 1.0, 0.0], [0.0, 0.0, 0.0], [1.0, 0.0, 0.0]],
                                                              tf.float64))
    assert _text(tape.gradient(y, x)) == '[[1.2, -0.0, -1.95], [0.0, -1.26, 0.0]]'


def test_gradient_of_a_band_of_diagonals_keeps_negative_zeros():
    # TF's MatrixDiagPartV3 rule places g by matrix_diag (progs/gradfuzz8/pin_band2.py; t_band2.py 60/60 equal)
    m = tf.constant([[0.3, -1.2, 0.7], [1.1, 0.4, -0.9], [2.0, -0.6, 0.8]])
    with tf.GradientTape() as tape:
        tape.watch(m)
        p = tf.linalg.diag_part(m, k=(-1, 0), padding_value=0.5)
        y = tf.reduce_sum(p * tf.constant([[-0.0, -1.5, 2.0], [-2.0, -0.0, 0.5]]))
    assert _text(p) == '[[0.30000001192092896, 0.4000000059604645, 0.800000011920929], [1.100000023841858, ' \
                       '-0.6000000238418579, 0.5]]'
    assert _text(tape.gradient(y, m)) == '[[-0.0, 0.0, 0.0], [-2.0, -1.5, 0.0], [0.0, -0.0, 2.0]]'
