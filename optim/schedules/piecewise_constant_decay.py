"""PiecewiseConstantDecay: a constant rate between step boundaries, as Keras 3."""
import numpy as np

from .learning_rate_schedule import LearningRateSchedule, as_tensor, float_of, step_array


class PiecewiseConstantDecay(LearningRateSchedule):
    """``values[0]`` while step <= boundaries[0], ``values[i]`` while
    boundaries[i-1] < step <= boundaries[i], ``values[-1]`` after the last.

    Boundaries are compared in the step's dtype (so float boundaries are
    truncated against the integer iteration count, as in Keras); the result
    has the dtype of ``values[0]``. Matches ``keras.optimizers.schedules.PiecewiseConstantDecay``.

    Raises:
        ValueError: if ``len(boundaries) != len(values) - 1`` or boundaries decrease.
    """

    def __init__(self, boundaries, values, name='PiecewiseConstant'):
        boundaries, values = list(boundaries), list(values)
        if len(boundaries) != len(values) - 1:
            raise ValueError('The length of boundaries should be 1 less than the length of values. '
                             'Received: boundaries=%s of length %d, and values=%s of length %d.'
                             % (boundaries, len(boundaries), values, len(values)))
        if any(b > a for a, b in zip(boundaries[1:], boundaries[:-1])):
            raise ValueError('PiecewiseConstantDecay: boundaries must be non-decreasing, got %s' % boundaries)
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        values = [float_of(v, 'values') for v in self.values]
        dtype = values[0].dtype
        step = step_array(step)
        boundaries = np.asarray(self.boundaries).astype(step.dtype)
        index = np.searchsorted(boundaries, step, side='left')
        return as_tensor(np.asarray(values, dtype=dtype)[index], dtype)

    def get_config(self):
        return {'boundaries': self.boundaries, 'values': self.values, 'name': self.name}
