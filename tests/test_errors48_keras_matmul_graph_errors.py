"""keras.ops.matmul of batches of matrices that do not fit, in a tf.function: Keras 3's TF backend runs tf.matmul,
whose BatchMatMulV2 node (named 'MatMul') shape inference refuses as it is added (TF 2.21's ValueError); tapeflow
raised the graph run's InvalidArgumentError ('Graph execution error: ... Matrix size-incompatible'). Texts printed
by TF 2.21 (/work/notes/progs/errors48/c2.txt, c11.txt)."""
import pytest

import framework as tf
from framework import keras

_BATCH = 'BatchMatMulV2[T=DT_FLOAT, adj_x=false, adj_y=false, grad_x=false, grad_y=false]'


def _refusal(a, b):
    with pytest.raises(ValueError) as info:
        tf.function(lambda a, b: keras.ops.matmul(a, b))(a, b)
    assert type(info.value) is ValueError
    # (TF words the graph's refusal 'in user code:' for a converted function: the refusal's own text is the last part)
    return str(info.value).split('    ValueError: ', 1)[-1].strip()


@pytest.mark.parametrize('a, b, pair', [
    ((1, 3, 4), (1, 6, 5), (4, 6)),      # inner lengths first
    ((3, 4), (2, 3, 5), (4, 3)),         # a matrix times a batch
    ((2, 3, 4), (3, 4, 5), (2, 3)),      # then the batch lengths
])
def test_batches_that_do_not_fit(a, b, pair):
    assert _refusal(tf.ones(a), tf.ones(b)) == (
        "Dimensions must be equal, but are %d and %d for '{{node MatMul}} = %s(a, b)' with input shapes: [%s], [%s]."
        % (pair + (_BATCH, ','.join(map(str, a)), ','.join(map(str, b)))))


def test_matrices_keep_matmul():
    assert _refusal(tf.ones((3, 4)), tf.ones((3, 5))) == (
        "Dimensions must be equal, but are 4 and 3 for '{{node MatMul}} = MatMul[T=DT_FLOAT, grad_a=false, "
        "grad_b=false, transpose_a=false, transpose_b=false](a, b)' with input shapes: [3,4], [3,5].")


def test_fitting_batches_run():
    out = tf.function(lambda a, b: keras.ops.matmul(a, b))(tf.ones((2, 3, 4)), tf.ones((2, 4, 5)))
    assert out.shape == (2, 3, 5)
