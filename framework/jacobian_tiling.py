"""What ``parallel_iterations`` does to TF 2.21's jacobians.

TF's pfor (experimental_use_pfor=True) traces the loop body once, then checks the knob: below 1 or
equal to 1 it refuses; at most the number of rows it vectorizes them all at once (the knob changes
nothing); otherwise it tiles: n % p rows from that first trace, the others from a graph loop that
calls the body again per tile. Two things follow, which programs see:
  - a loop output that is None (a source the target does not reach, unconnected_gradients='none')
    cannot be stacked by the tiled loop: 'None values not supported.';
  - the body's second call asks a tape that is not persistent again: jacobian's then finds a fresh
    empty tape (its rows are None: zeros, or the same refusal), batch_jacobian refuses in its own words.
TF's eager loop (experimental_use_pfor=False) hands the knob to a while_loop, which refuses p < 1.
"""
from numpy import integer

from . import pfor_errors
from .assert_statements import BOOL_REFUSAL
from .errors import OperatorNotAllowedInGraphError
from .tensor import Tensor


def tiles(parallel_iterations, rows, use_pfor):
    """Whether TF's loop over ``rows`` rows runs in tiles; raises what TF raises for the knob."""
    if parallel_iterations is None:
        return False
    if not use_pfor:
        if parallel_iterations < 1:
            raise TypeError("'parallel_iterations' must be a positive integer.")
        return False
    if isinstance(parallel_iterations, Tensor):      # pfor compares it inside its graph
        raise pfor_errors.in_user_code(OperatorNotAllowedInGraphError(BOOL_REFUSAL))
    if parallel_iterations < 1:
        raise pfor_errors.in_user_code(ValueError('Argument `parallel_iterations` must be None or a positive integer. '
                                                  'Received: %s.' % (parallel_iterations,)))
    if parallel_iterations == 1:
        raise pfor_errors.in_user_code(ValueError('Found `parallel_iterations == 1`. Use `for_loop` instead.'))
    if rows < parallel_iterations:
        return False
    if not isinstance(parallel_iterations, (int, integer)):    # rows // p is a FloorDiv of int32 tensors there
        raise pfor_errors.in_user_code(TypeError(
            "Expected int32 passed to parameter 'y' of op 'FloorDiv', got %r of type '%s' instead. Error: Expected "
            "int32, but got %r of type '%s'." % (parallel_iterations, type(parallel_iterations).__name__,
                                                 parallel_iterations, type(parallel_iterations).__name__)))
    return True


def refuse_unstackable(reached, unconnected):
    """A tiled loop stacks each source's rows: one that is None (not reached, 'none') fails there."""
    if unconnected == 'none' and not all(reached):
        error = pfor_errors.in_user_code(ValueError('None values not supported.'))
        error.add_note('jacobian with parallel_iterations: TensorFlow tiles the rows and cannot stack the None '
                       "gradient of a source the target does not reach; pass unconnected_gradients='zero'")
        raise error


def untiled_rows(parallel_iterations, rows):
    """How many rows come from pfor's first trace; the tiles' rows come from later calls of the body."""
    return rows % parallel_iterations


def refuse_one_shot_batch_tape():
    """batch_jacobian's body, called again for the tiles, refuses a tape that is not persistent."""
    error = pfor_errors.in_user_code(RuntimeError('GradientTape must be created with persistent=True to compute the '
                                                  'batch_jacobian with parallel_iterations.'))
    error.add_note('batch_jacobian: pass persistent=True to GradientTape, or leave parallel_iterations at None')
    return error
