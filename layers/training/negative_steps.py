"""A negative step count (``fit(steps_per_epoch=-1)``, ``evaluate(steps=-1)``, ``predict(steps=-1)``).

Keras 3's EpochIterator reads a count that is no positive number as 'until the input runs out': it
begins steps without knowing how many batches there are, the step that finds none included, and
warns that the input ran out, for arrays (given a batch_size), PyDatasets and datasets alike. The
callbacks' ``params['steps']`` and the progress bar's target stay the count as given (a bar of
'-1/Unknown', no verbose=2 line), as TF 2.21 shows them.
"""
import numbers


def is_negative_count(steps):
    """Whether ``steps`` is a whole negative number of batches (True and False are counts of 1 and 0)."""
    return isinstance(steps, numbers.Integral) and not isinstance(steps, bool) and steps < 0


def hide_count(data, steps):
    """Mark ``data`` as read to its end as of unknown length when ``steps`` (as given) is negative."""
    data.count_hidden = is_negative_count(steps)
    data.given_steps = steps if data.count_hidden else None
    return data


def reported_steps(data):
    """The step count Keras hands callbacks (its epoch iterator's ``num_batches``): a negative count as
    given, else the data's count (None where it is unknown); a tensor or array count is shown as given
    (tensor_steps.py)."""
    if getattr(data, 'shown_steps', None) is not None:
        return data.shown_steps
    return data.given_steps if getattr(data, 'count_hidden', False) else data.num_batches
