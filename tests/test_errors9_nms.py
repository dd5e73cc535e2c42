"""tf.image.non_max_suppression(_with_scores) checks its operands as TF 2.21's NonMaxSuppressionV3 / V5
kernels do, in their order and words; tapeflow's sentence a note.

Golden texts and results: /work/notes/progs/errors9/p/n1.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

BOXES = np.array([[0.0, 0.0, 0.5, 0.5], [0.1, 0.1, 0.9, 0.9], [0.5, 0.5, 1.0, 1.0]], 'float32')
SCORES = np.array([0.9, 0.8, 0.3], 'float32')
K = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'
V3, V5 = tf.image.non_max_suppression, tf.image.non_max_suppression_with_scores
RANK0 = ' (Shape must be rank 0 but is rank 1)'


def texts(kernel):
    v3 = kernel == 'NonMaxSuppressionV3'
    fn = V3 if v3 else V5
    named = lambda text: K % (kernel, text, kernel) + ' name: '  # noqa: E731
    return [
        (lambda: fn(BOXES, SCORES, 2, iou_threshold=-1.0), named('iou_threshold must be in [0, 1]')),
        (lambda: fn(BOXES, SCORES, 2, iou_threshold=5.0), named('iou_threshold must be in [0, 1]')),
        (lambda: fn(BOXES, SCORES, 2, iou_threshold=float('nan')), named('iou_threshold must be in [0, 1]')),
        (lambda: fn(BOXES, SCORES, 2, iou_threshold=[0.1, 0.2]),
         named('iou_threshold must be 0-D, got shape [2]' + (RANK0 if v3 else ''))),
        (lambda: fn(BOXES, SCORES, 2, score_threshold=[0.1, 0.2]), named('score_threshold must be 0-D, got shape [2]')),
        (lambda: fn(BOXES, SCORES, -1), named('output size must be non-negative')),
        (lambda: fn(BOXES, SCORES, [1, 2]),
         K % (kernel, 'max_output_size must be 0-D, got shape [2]' + (RANK0 if v3 else ''), kernel)),
        (lambda: fn(BOXES[0], SCORES, 2), named('boxes must be 2-D[4] (Shape must be rank 2 but is rank 1)')),
        (lambda: fn(BOXES, SCORES[:2], 2),
         named('scores has incompatible shape (Dimensions must be equal, but are 3 and 2)')),
        (lambda: fn(BOXES[:, :3], SCORES, 2), named('boxes must have 4 columns (Dimension must be 4 but is 3)')),
        (lambda: fn(BOXES, SCORES[None], 2), named('scores must be 1-D[1,3] (Shape must be rank 1 but is rank 2)')),
    ]


@pytest.mark.parametrize('kernel', ['NonMaxSuppressionV3', 'NonMaxSuppressionV5'])
def test_kernel_checks_print_tensorflows_text(kernel):
    for call, text in texts(kernel):
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            call()
        assert str(err.value) == text
        assert err.value.__notes__


@pytest.mark.parametrize('fn', [V3, V5])
def test_conversions_and_good_calls(fn):
    with pytest.raises(ValueError, match=r'Attempt to convert a value \(None\)'):
        fn(BOXES, SCORES, 2, iou_threshold=None)
    with pytest.raises(TypeError, match="^Cannot convert 'a' to EagerTensor of dtype int32"):
        fn(BOXES, SCORES, 'a')
    out = fn(BOXES, SCORES, 2, score_threshold=0.85)
    assert np.asarray(out[0] if isinstance(out, tuple) else out).tolist() == [0]
    out = fn(BOXES, SCORES, 2, score_threshold=float('nan'))
    assert np.asarray(out[0] if isinstance(out, tuple) else out).tolist() == []


@pytest.mark.parametrize('fn', [V3, V5])
def test_a_python_string_is_tensorflows_float_conversion_error(fn):
    # errors9 fuzzer: im.nms_sc|s_str, im.nms_ws|b_str under TF 2.21
    for call in (lambda: fn('a', SCORES, 2), lambda: fn(BOXES, 'a', 2)):
        with pytest.raises(TypeError) as err:
            call()
        assert str(err.value) == "Cannot convert 'a' to EagerTensor of dtype float"
