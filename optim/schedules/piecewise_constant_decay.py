"""PiecewiseConstantDecay: a constant rate between step boundaries, as Keras 3."""
import numpy as np

from framework.ops.graph_input_errors import eager_input_error, input_mismatch
from framework.tensor import convert_to_tensor

from .learning_rate_schedule import LearningRateSchedule, as_tensor, float_of, step_array, string_cast_error


class PiecewiseConstantDecay(LearningRateSchedule):
    """``values[0]`` while step <= boundaries[0], ``values[i]`` while
    boundaries[i-1] < step <= boundaries[i], ``values[-1]`` after the last.

    Boundaries are compared in the step's dtype (so float boundaries are
    truncated against the integer iteration count, as in Keras); the result
    has the dtype of ``values[0]``. Matches ``keras.optimizers.schedules.PiecewiseConstantDecay``.

    Raises:
        ValueError: if ``len(boundaries) != len(values) - 1``.
        InvalidArgumentError (when called): values of different dtypes ([0.1, 2, 0.3]: float32
            and int32), TensorFlow's Mul error, as Keras multiplies each value by its range's indicator.
    """

    def __init__(self, boundaries, values, name='PiecewiseConstant'):
        # kept as given (a tuple, an array), as Keras 3 keeps them: get_config gives them back so
        if len(boundaries) != len(values) - 1:
            raise ValueError('The length of boundaries should be 1 less than the length of values. '
                             'Received: boundaries=%s of length %d, and values=%s of length %d.'
                             % (boundaries, len(boundaries), values, len(values)))
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        values = [float_of(v, 'values') for v in self.values]
        dtype = values[0].dtype
        if len({v.dtype for v in values}) > 1:
            raise _mixed_values_error(values)
        given_step, step = step, step_array(step)
        if len(self.boundaries) == 0:     # Keras 3 reads boundaries[0]
            error = IndexError('list index out of range')
            error.add_note('PiecewiseConstantDecay needs at least one boundary (and one value more)')
            raise error
        boundaries = np.asarray(self.boundaries)
        if boundaries.dtype.kind in 'OSU':
            raise string_cast_error('string', convert_to_tensor(given_step).dtype.name,      # the step's TF dtype
                                    'PiecewiseConstantDecay: boundaries must be numbers, got %r' % (self.boundaries,))
        boundaries = boundaries.astype(step.dtype)
        if np.all(boundaries[1:] >= boundaries[:-1]):
            index = np.searchsorted(boundaries, step, side='left')
            return as_tensor(np.asarray(values, dtype=dtype)[index], dtype)
        return as_tensor(_indicator_sum(step, boundaries, values, dtype), dtype)

    def get_config(self):
        return {'boundaries': self.boundaries, 'values': self.values, 'name': self.name}


def _indicator_sum(step, boundaries, values, dtype):
    """Keras 3's formula, which unsorted boundaries expose: the sum of each range's indicator times its
    value (values[0] for step <= boundaries[0], values[-1] past boundaries[-1], values[i] for
    boundaries[i-1] < step <= boundaries[i]), so overlapping ranges add up ([10, 5] at step 7: 0.1 + 0.3)."""
    result = dtype.type(0)
    result += dtype.type(step <= boundaries[0]) * values[0]
    result += dtype.type(step > boundaries[-1]) * values[-1]
    for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
        result += dtype.type((step > low) & (step <= high)) * value
    return result


def _mixed_values_error(values):
    """TensorFlow's error for the first value whose dtype is not values[0]'s, in the order Keras multiplies
    them (values[-1], then values[1:-1]) into a result of values[0]'s dtype."""
    dtype = values[0].dtype
    other = next(v.dtype for v in [values[-1]] + values[1:-1] if v.dtype != dtype)
    return input_mismatch(eager_input_error('Mul', 1, dtype, other), 'Mul', 1, dtype, other)
