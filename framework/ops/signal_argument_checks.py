"""tf.signal's reconstruction and MDCT arguments checked as TF 2.21's Python reads them: the shape first
(``signal.shape.with_rank_at_least(2)``), then the step or length converted to a scalar tensor, so a bad
argument is the same error, in the same order, as there."""
from ..errors import kernel_error, noted
from ..tensor import TensorShape, convert_to_tensor


def rank_at_least(t, rank, op, what):
    """TF's ``shape.with_rank_at_least(rank)``: 'Shape (2,) must have rank at least 2'."""
    if t.ndim < rank:
        raise noted(ValueError('Shape %s must have rank at least %d' % (TensorShape(t.shape), rank)),
                    '%s: %s must have rank >= %d, got shape %s' % (op, what, rank, tuple(t.shape)))


def scalar_tensor(value, op, what):
    """``value`` converted as TF converts it (None its ValueError) and of rank 0 ('Shape (1,) must have rank 0')."""
    t = convert_to_tensor(value)
    if t.ndim:
        raise noted(ValueError('Shape %s must have rank 0' % TensorShape(t.shape)),
                    '%s: %s must be a scalar, got shape %s' % (op, what, tuple(t.shape)))
    return t


def frame_step(value, op):
    """overlap_and_add's frame_step: an integer scalar ('frame_step must be an integer. Got <dtype: 'float32'>')."""
    step = scalar_tensor(value, op, 'frame_step')
    if not step.dtype.is_integer:
        raise noted(ValueError('frame_step must be an integer. Got %s' % step.dtype),
                    '%s: pass frame_step as a Python int or an integer scalar tensor' % op)
    return int(step.numpy())


def refuse_backward_step(step, length, op):
    """A step <= 0 reaches TF's pads: frames padded by segments = ceil(length / step) and samples by
    segments * step - length, the first negative one Pad's error ('Paddings must be non-negative: 0 -4';
    a zero step's floor division gives 0 segments there, as numpy's does)."""
    if step > 0:
        return
    segments = -(-length // step) if step else 0
    for after in (segments, segments * step - length):
        if after < 0:
            raise kernel_error('Pad', 'Paddings must be non-negative: 0 %d' % after, named=True,
                               note='%s: frame_step must be >= 1, got %d' % (op, step))
