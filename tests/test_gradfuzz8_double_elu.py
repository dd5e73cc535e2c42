"""float64 tf.nn.elu / selu take Eigen's float64 exp (eigen_math64) as TF 2.21's kernels do: exp(x) - 1 of a
whole packet of 4 used numpy's exp (fuzz 44 #22: elu(-0.17) = -0x1.402ca91f76288p-3 in TF, numpy's ...284;
13 of 241 values). Values printed by TF 2.21 (progs/gradfuzz8/t_elu.py, pin_elu.py)."""
import framework as tf

EXPECTED_SELU = ['-0x1.19730206f6739p-2', '-0x1.9507f4f21afe4p-1', '-0x1.16e6e63a3f014p-1', '-0x1.44a436960e6afp+0']
EXPECTED_ELU = ['-0x1.402ca91f76288p-3', '-0x1.ccc29aede1b70p-2', '-0x1.3d46d3b7d718ap-2', '-0x1.714f4023548d7p-1']
EXPECTED_GRAD = ['0x1.aff4d5b82275ep-1', '0x1.199eb2890f248p-1', '0x1.615c96241473bp-1', '0x1.1d617fb956e52p-2']


def _hexes(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_double_elu_of_a_packet():
    x = tf.constant([[0.42, 0.46], [1.3, -0.17]], tf.float64)
    assert _hexes(tf.nn.elu(x)) == ['0x1.ae147ae147ae1p-2', '0x1.d70a3d70a3d71p-2', '0x1.4cccccccccccdp+0',
                                    '-0x1.402ca91f76288p-3']


def test_double_selu_and_gradient_of_a_packet():
    x = tf.constant([-0.17, -0.5977662939733901, -0.3708325431118853, -1.277647183523961], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.selu(x)
        e = tf.nn.elu(x)
    assert _hexes(y) == EXPECTED_SELU
    assert _hexes(e) == EXPECTED_ELU
    assert _hexes(tape.gradient(e, x)) == EXPECTED_GRAD
