"""Errors for targets (y) that do not fit the model's outputs, in the classes Keras 3 on TensorFlow 2.21
raises. Keras finds these mismatches late, inside its tree utilities, so its classes vary with the shape
of the mistake: a KeyError for a path of the loss missing from y, a TypeError when a dict's keys end up
converted as targets. tapeflow's errors keep their ValueError class (the class they had) and add TF's."""
from framework.errors import shown_as


class MissingTargetError(ValueError, KeyError):
    """Fewer targets than outputs with a loss (Keras 3: KeyError 'The path: (0,) in the `loss` argument ...')."""
    __str__ = KeyError.__str__         # quoted, as TF 2.21 prints Keras's KeyError


class TargetKeysError(ValueError, TypeError):
    """y is a dict whose keys are not the outputs' names (Keras 3: TypeError "Expected float32, but got a
    of type 'str'", from converting the keys as targets)."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows Keras's class there
for _error, _tf_class in ((MissingTargetError, KeyError), (TargetKeysError, TypeError)):
    shown_as(_error, _tf_class)


def missing_target_error(count_true, count_outputs, detail=None, path=0):
    """Keras 3's KeyError words alone; how the counts differ (and ``detail``) in notes. ``path``: the first
    output Keras looks for in the lone target (index 0, or the first key of a dict of outputs)."""
    error = MissingTargetError("The path: (%r,) in the `loss` argument, can't be found in either the model's "
                               "output (`y_pred`) or in the labels (`y_true`)." % (path,))
    error.add_note('y holds %d target%s for %d outputs with a loss; give one target per output'
                   % (count_true, '' if count_true == 1 else 's', count_outputs))
    if detail:
        error.add_note(detail)
    return error


def too_few_leaves_error(count_outputs):
    """One target (or None) for several outputs sharing one loss, once the compiled loss was built by an
    earlier step: Keras 3 then packs y into the structure it was built with, and optree refuses the lone leaf
    (TF 2.21: ValueError 'Too few leaves for PyTreeSpec; expected: 2, got: 1.'); before the first build the
    same y is missing_target_error's KeyError."""
    error = ValueError('Too few leaves for PyTreeSpec; expected: %d, got: 1.' % count_outputs)
    error.add_note('y holds one target (or none) for %d outputs with a loss; give one target per output'
                   % count_outputs)
    return error


def keys_as_targets_error(key, y_keys, output_names, dtype):
    """A dict of targets keyed otherwise than as many outputs: Keras 3 packs y's keys in place of the targets,
    and its first loss converts ``key`` (TF 2.21: "Expected float32, but got out_c of type 'str'.")."""
    error = TargetKeysError("Expected %s, but got %s of type '%s'." % (dtype, key, type(key).__name__))
    error.add_note("y is keyed %s, the outputs %s; key the targets by the outputs' names" % (y_keys, output_names))
    return error


def stars(structure, tuples=False):
    """``structure`` with '*' for each leaf, as Keras 3 shows y_true and y_pred in its structure error."""
    if isinstance(structure, dict):
        return {key: stars(value, tuples) for key, value in structure.items()}
    if isinstance(structure, (list, tuple)):
        items = [stars(value, tuples) for value in structure]
        return tuple(items) if tuples or isinstance(structure, tuple) else items
    return '*'


_STRUCTURES_TEXT = 'y_true and y_pred have different structures.\ny_true: '


def as_given_on_batch(error, y):
    """``error`` as train_on_batch / test_on_batch raise it: Keras 3 hands those steps y as given, so its
    'different structures' text shows the user's lists as lists (fit's array adapter makes them tuples, which
    the compiled loss's text shows); ``error`` itself for other errors or a y that does not nest."""
    text = str(error)
    if not (type(error) is ValueError and text.startswith(_STRUCTURES_TEXT) and isinstance(y, (list, tuple, dict))):
        return error
    rest = text[len(_STRUCTURES_TEXT):]
    given = ValueError(_STRUCTURES_TEXT + str(stars(y)) + rest[rest.index('\n'):])
    for note in getattr(error, '__notes__', ()):
        given.add_note(note)
    return given
