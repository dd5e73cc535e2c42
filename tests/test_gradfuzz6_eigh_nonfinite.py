"""eigh / eigvalsh of non-finite matrices as TF 2.21: only the lower triangle is read, so NaN or inf above the
diagonal changes nothing (tapeflow gave NaN), and NaN in the lower triangle is the SelfAdjointEigV2 kernel's
InvalidArgumentError for the whole batch (tapeflow gave NaN for that matrix). Values printed by TF 2.21."""
import pytest

import framework as tf

NAN, INF = float('nan'), float('inf')
TEXT = ('{{function_node __wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Self-adjoint eigen decomposition was not successful. The input might not be valid. [Op:SelfAdjointEigV2] name: ')


def test_upper_triangle_is_not_read():
    for upper in (NAN, INF):
        for dtype in (tf.float32, tf.float64):
            x = tf.constant([[1.0, upper], [2.0, 0.5]], dtype)
            assert [round(float(v), 5) for v in tf.linalg.eigvalsh(x).numpy()] == [-1.26556, 2.76556]
    x = tf.constant([[1.0, NAN], [2.0, 0.5]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        e = tf.linalg.eigvalsh(x)
    assert [[round(float(v), 5) for v in row] for row in tape.gradient(e, x).numpy()] == [[1.0, 0.0], [0.0, 1.0]]


def test_nan_in_the_lower_triangle_is_the_kernel_error():
    for m in ([[1.0, 2.0], [NAN, 0.5]], [[NAN, 2.0], [2.0, 0.5]],
              [[[1.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [NAN, 0.5]]]):
        for f in (tf.linalg.eigh, tf.linalg.eigvalsh):
            with pytest.raises(tf.errors.InvalidArgumentError) as info:
                f(tf.constant(m, tf.float64))
            assert str(info.value) == TEXT
