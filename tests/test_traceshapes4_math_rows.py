"""tf.math's elementwise ops that printed their values inside a tf.function print TF 2.21's graph tensors:
the op's type ('Cosh'), or the op inside its function's own name scope ('erfinv/Erfinv'), with the input's
open lengths carried through (a tf.cosh of a segment_sum's (None, 3) is (None, 3)).

Golden lines: TF 2.21 (tensorflow-cpu, /opt/tfref) printing the same programs
(notes/progs/traceshapes4/q1.py, notes/progs/gradfuzz30/p7.py).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_open_lengths_carry_through_the_elementwise_ops(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def f(x):
        print(tf.cosh(x), tf.math.cosh(x))
        print(tf.asin(x), tf.math.atan(x), tf.math.asinh(x), tf.math.acosh(x + 1.0), tf.math.atanh(x))
        print(tf.math.erfc(x), tf.math.erfinv(x), tf.math.ndtri(x))
        print(tf.math.xdivy(x, x), tf.math.xlog1py(x, x), tf.math.nextafter(x, x))
        print(tf.math.igamma(x, x), tf.math.igammac(x, x), tf.math.zeta(x + 1.0, x), tf.math.polygamma(x, x))
        print(tf.math.sinh(x), tf.math.cosh(x[0]))
        return x

    f(tf.constant([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]))
    assert _lines(capsys) == [
        'Tensor("Cosh:0", shape=(None, 3), dtype=float32) Tensor("Cosh_1:0", shape=(None, 3), dtype=float32)',
        'Tensor("Asin:0", shape=(None, 3), dtype=float32) Tensor("Atan:0", shape=(None, 3), dtype=float32) '
        'Tensor("Asinh:0", shape=(None, 3), dtype=float32) Tensor("Acosh:0", shape=(None, 3), dtype=float32) '
        'Tensor("Atanh:0", shape=(None, 3), dtype=float32)',
        'Tensor("Erfc:0", shape=(None, 3), dtype=float32) Tensor("erfinv/Erfinv:0", shape=(None, 3), dtype=float32) '
        'Tensor("ndtri/Ndtri:0", shape=(None, 3), dtype=float32)',
        'Tensor("xdivy/Xdivy:0", shape=(None, 3), dtype=float32) '
        'Tensor("xlog1py/Xlog1py:0", shape=(None, 3), dtype=float32) '
        'Tensor("NextAfter:0", shape=(None, 3), dtype=float32)',
        'Tensor("Igamma:0", shape=(None, 3), dtype=float32) Tensor("Igammac:0", shape=(None, 3), dtype=float32) '
        'Tensor("Zeta:0", shape=(None, 3), dtype=float32) Tensor("Polygamma:0", shape=(None, 3), dtype=float32)',
        'Tensor("Sinh:0", shape=(None, 3), dtype=float32) Tensor("Cosh_2:0", shape=(3,), dtype=float32)',
    ]


def test_known_lengths_print_the_arrays_shapes(capsys):
    @tf.function
    def g(x):
        print(tf.cosh(x), tf.math.atan(x), tf.math.xdivy(x, 2.0), tf.math.erfc(x[:, 0]))
        return x

    g(tf.constant([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]))
    assert _lines(capsys) == [
        'Tensor("Cosh:0", shape=(2, 3), dtype=float32) Tensor("Atan:0", shape=(2, 3), dtype=float32) '
        'Tensor("xdivy/Xdivy:0", shape=(2, 3), dtype=float32) Tensor("Erfc:0", shape=(2,), dtype=float32)']


def test_cosh_of_a_segment_sum_keeps_its_open_rows(capsys):
    @tf.function
    def f(x):
        y = tf.math.segment_sum(x, [0, 0, 1, 1])
        z = tf.cosh(y)
        print(z.shape, z)
        return y

    f(tf.constant([[1.0, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]]))
    assert _lines(capsys) == ['(None, 3) Tensor("Cosh:0", shape=(None, 3), dtype=float32)']


def test_more_math_and_linalg_ops(capsys):
    # (TF 2.21: notes/progs/traceshapes4/q6.py; the open lengths below: q7.py)
    @tf.function
    def f(x, i):
        print(tf.math.lbeta(x), tf.math.scalar_mul(2.0, x), tf.math.invert_permutation(i))
        print(tf.math.is_non_decreasing(x), tf.math.betainc(x, x, x), tf.linalg.cross(x, x))
        print(tf.linalg.inv(tf.eye(3) + x[:1, :, None] * 0.0), tf.tensor_scatter_nd_add(x, [[0]], x[:1]))
        print(tf.scalar_mul(tf.constant(2.0), x[0]), tf.math.lbeta(x[0]))
        return x

    f(tf.constant([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]), tf.constant([2, 0, 1]))
    assert _lines(capsys) == [
        'Tensor("lbeta/sub:0", shape=(2,), dtype=float32) Tensor("scalar_mul:0", shape=(2, 3), dtype=float32) '
        'Tensor("InvertPermutation:0", shape=(3,), dtype=int32)',
        'Tensor("is_non_decreasing/All:0", shape=(), dtype=bool) Tensor("Betainc:0", shape=(2, 3), dtype=float32) '
        'Tensor("Cross:0", shape=(2, 3), dtype=float32)',
        'Tensor("MatrixInverse:0", shape=(1, 3, 3), dtype=float32) '
        'Tensor("TensorScatterAdd:0", shape=(2, 3), dtype=float32)',
        'Tensor("scalar_mul_1:0", shape=(3,), dtype=float32) Tensor("lbeta_1/sub:0", shape=(), dtype=float32)',
    ]


def test_more_math_and_linalg_ops_carry_open_lengths(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([3], tf.int32)])
    def f(x, i):
        print(tf.math.lbeta(x), tf.math.scalar_mul(2.0, x), tf.math.invert_permutation(i))
        print(tf.math.betainc(x, x, x), tf.linalg.cross(x, x), tf.tensor_scatter_nd_add(x, [[0]], x[:1]))
        print(tf.linalg.inv(tf.eye(3) + x[:1, :, None] * 0.0))
        return x

    f(tf.constant([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]), tf.constant([2, 0, 1]))
    assert _lines(capsys) == [
        'Tensor("lbeta/sub:0", shape=(None,), dtype=float32) Tensor("scalar_mul:0", shape=(None, 3), dtype=float32) '
        'Tensor("InvertPermutation:0", shape=(3,), dtype=int32)',
        'Tensor("Betainc:0", shape=(None, 3), dtype=float32) Tensor("Cross:0", shape=(None, 3), dtype=float32) '
        'Tensor("TensorScatterAdd:0", shape=(None, 3), dtype=float32)',
        'Tensor("MatrixInverse:0", shape=(None, 3, 3), dtype=float32)',
    ]
