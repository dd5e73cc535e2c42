"""non_max_suppression(_with_scores)'s operands checked as TF 2.21's NonMaxSuppressionV3 / V5 kernels check
them, in their order and words: max_output_size 0-D, iou_threshold 0-D and in [0, 1] (NaN is not), score_threshold
0-D, boxes (num_boxes, 4), scores (num_boxes,), then a non-negative output size. (The threshold dtypes V3 infers
from Python values are not checked: TF refuses iou_threshold=1, tapeflow takes it.)
Texts: /work/notes/progs/errors9/p/n1.py."""
import numpy as np

from ... import backend
from ...errors import InvalidArgumentError
from ...tensor import Tensor, convert_to_tensor


def _host(value, what, op, int32=False):
    if isinstance(value, Tensor):
        return np.asarray(backend.to_host(value._data))
    if int32 and isinstance(value, (str, bytes, float)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (value,))
        error.add_note('%s: %s must be an integer, got %r' % (op, what, value))
        raise error
    try:
        return np.asarray(backend.to_host(convert_to_tensor(value)._data))
    except (TypeError, ValueError) as err:
        err.add_note('%s: %s must be a number, got %r' % (op, what, value))
        raise


def _fail(kernel, text, note, named=True):
    error = InvalidArgumentError('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                 '%s [Op:%s]%s' % (kernel, text, kernel, ' name: ' if named else ''))
    error.add_note(note)
    raise error


def _dims(shape):
    return ','.join(map(str, shape))


def check(kernel, boxes_shape, scores_shape, max_output_size, iou_threshold, score_threshold, op):
    """(max_output_size, iou_threshold, score_threshold) as Python numbers, or TF's error."""
    v3 = kernel == 'NonMaxSuppressionV3'
    limit = _host(max_output_size, 'max_output_size', op, int32=True)
    iou = _host(iou_threshold, 'iou_threshold', op)
    score = _host(score_threshold, 'score_threshold', op)
    rank = ' (Shape must be rank 0 but is rank %d)'
    if limit.ndim:
        _fail(kernel, 'max_output_size must be 0-D, got shape [%s]%s' % (_dims(limit.shape), rank % limit.ndim
                                                                         if v3 else ''),
              '%s: max_output_size must be one integer' % op, named=False)
    if iou.ndim:
        _fail(kernel, 'iou_threshold must be 0-D, got shape [%s]%s' % (_dims(iou.shape), rank % iou.ndim if v3 else ''),
              '%s: iou_threshold must be one number' % op)
    if not 0.0 <= float(iou) <= 1.0:
        _fail(kernel, 'iou_threshold must be in [0, 1]', '%s: iou_threshold must be in [0, 1], got %r'
              % (op, float(iou)))
    if score.ndim:
        _fail(kernel, 'score_threshold must be 0-D, got shape [%s]' % _dims(score.shape),
              '%s: score_threshold must be one number' % op)
    note = '%s: boxes must be (num_boxes, 4) and scores (num_boxes,), got %s and %s' % (op, boxes_shape, scores_shape)
    if len(boxes_shape) != 2:
        _fail(kernel, 'boxes must be 2-D[%s] (Shape must be rank 2 but is rank %d)' % (_dims(boxes_shape),
                                                                                     len(boxes_shape)), note)
    if boxes_shape[1] != 4:
        _fail(kernel, 'boxes must have 4 columns (Dimension must be 4 but is %d)' % boxes_shape[1], note)
    if len(scores_shape) != 1:
        _fail(kernel, 'scores must be 1-D[%s] (Shape must be rank 1 but is rank %d)' % (_dims(scores_shape),
                                                                                      len(scores_shape)), note)
    if scores_shape[0] != boxes_shape[0]:
        _fail(kernel, 'scores has incompatible shape (Dimensions must be equal, but are %d and %d)'
              % (boxes_shape[0], scores_shape[0]), note)
    if int(limit) < 0:
        _fail(kernel, 'output size must be non-negative', '%s: max_output_size must be >= 0, got %d' % (op, limit))
    return int(limit), float(iou), float(score)
