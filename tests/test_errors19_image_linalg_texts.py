"""errors19: tf.image and tf.linalg checks left by errors18, now in TF 2.21's class and words (printed by TF 2.21,
/work/notes/progs/errors19/q10.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly

_IMG = np.random.RandomState(0).rand(4, 4, 3).astype('float32')
_NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


def _kernel(kernel, text, tail=''):
    return _NODE % (kernel, text, kernel) + tail


_SIZES = 'output dimensions must be positive'


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.image.resize(_IMG, (0, 4)), InvalidArgumentError, _kernel('ResizeBilinear', _SIZES, ' name: ')),
    (lambda: tf.image.resize(_IMG, (-1, 4)), InvalidArgumentError, _kernel('ResizeBilinear', _SIZES, ' name: ')),
    (lambda: tf.image.resize(_IMG[None], (4, 0), method='nearest'), InvalidArgumentError,
     _kernel('ResizeNearestNeighbor', _SIZES, ' name: ')),
    (lambda: tf.image.resize(_IMG, (0, 4), method='bicubic'), InvalidArgumentError,
     _kernel('ResizeBicubic', _SIZES, ' name: ')),
    (lambda: tf.image.resize(_IMG, (0, 4), method='area'), InvalidArgumentError,
     _kernel('ResizeArea', _SIZES, ' name: ')),
    (lambda: tf.image.resize(_IMG, (0, 4), method='lanczos3'), InvalidArgumentError,
     _kernel('ScaleAndTranslate', _SIZES, ' name: ')),
    (lambda: tf.image.resize(_IMG, (0, 4), antialias=True), InvalidArgumentError,
     _kernel('ScaleAndTranslate', _SIZES, ' name: ')),
    (lambda: tf.image.rot90(_IMG, k=1.5), TypeError, 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: tf.image.rot90(_IMG, k='a'), TypeError, "Cannot convert 'a' to EagerTensor of dtype int32"),
    (lambda: tf.image.adjust_contrast(tf.zeros((4, 4)), 2.), InvalidArgumentError,
     _kernel('AdjustContrastv2', 'input must be at least 3-D, got shape[4,4]', ' name: ')),
    (lambda: tf.image.per_image_standardization(np.zeros((4,), 'float32')), ValueError,
     "'image' (shape (4,)) must be at least three-dimensional."),
    (lambda: tf.linalg.matrix_transpose(tf.zeros(3)), ValueError,
     'Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = [0. 0. 0.] with shape: (3,)'),
    (lambda: tf.linalg.adjoint([1, 2]), ValueError,
     'Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = [1 2] with shape: (2,)'),
    (lambda: tf.linalg.diag(np.zeros((2, 2)), k=(1, 0)), InvalidArgumentError,
     _kernel('MatrixDiagV3', 'lower_diag_index must not be larger than upper_diag_index: 1 > 0')),
    (lambda: tf.linalg.diag_part(tf.zeros((2, 2)), k=(1, 0)), InvalidArgumentError,
     _kernel('MatrixDiagPartV3', 'lower_diag_index must not be larger than upper_diag_index: 1 > 0')),
    (lambda: tf.linalg.set_diag(tf.zeros((2, 2)), tf.zeros(2), k=(1, 0)), InvalidArgumentError,
     _kernel('MatrixSetDiagV3', 'lower_diag_index must not be larger than upper_diag_index: 1 > 0')),
    (lambda: tf.linalg.set_diag(tf.zeros((2, 3, 3)), tf.zeros((3, 3))), InvalidArgumentError,
     _kernel('MatrixSetDiagV3', "Either first dimensions of diagonal don't match input.shape[:-2], or "
                                'diagonal.shape[:-1] is not equal to the longests diagonal in range '
                                '[lower_diag_index:upper_diag_index].\nInput shape: [2,3,3]\nDiagonal shape: '
                                '[3,3]\nExpected diagonal shape: [2,3]', ' name: set_diag')),
    (lambda: tf.linalg.triangular_solve(np.zeros((2, 2)), np.zeros((3, 1))), InvalidArgumentError,
     _kernel('MatrixTriangularSolve', 'In[0] mismatch In[1] shape: 2 vs. 3: [2,2] [3,1] 1 0', ' name: ')),
])
def test_image_and_linalg_texts(call, error, text):
    # tapeflow raised these with its own sentences (now notes)
    assert_raises_exactly(call, error, text)
