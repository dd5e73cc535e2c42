"""TF 2.21's UserWarning for ``deterministic=`` given to Dataset.map / batch / interleave without
``num_parallel_calls``: those run sequentially, in order, so the argument changes nothing. TF warns before the
stage is made (before map_func is traced or batch_size checked); tapeflow likewise. Each op warns from its own
line (stacklevel 2: the op's call here), so Python's once-per-location filter shows one for map and another for
interleave, as TF's three modules do.
"""
import warnings


def warn_if_unused(num_parallel_calls, deterministic):
    if num_parallel_calls is None and deterministic is not None:
        warnings.warn('The `deterministic` argument has no effect unless the `num_parallel_calls` argument is '
                      'specified.', stacklevel=2)
