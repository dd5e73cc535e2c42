"""How TF 2.21's vectorized jacobians (experimental_use_pfor=True) word an error raised while their loop body,
the gradient, is traced: pfor traces it as a converted tf.function, whose AutoGraph rewrites an error it cannot
rebuild with a message (a LookupError, as a gradient registry's) into a StagingError 'in user code:' (no user
frames: only TF's), and jacobian / batch_jacobian turn any ValueError into their own 'Encountered an exception while
vectorizing ...' ValueError. The eager loop (experimental_use_pfor=False) raises the errors as they are.
"""
import contextlib


class AutoGraphError(Exception):
    """TF's tensorflow.python.autograph.impl.api.AutoGraphError."""


class StagingError(AutoGraphError):
    """TF's AutoGraph error for a failure while a converted function is traced."""


def in_user_code(error):
    """``error`` as AutoGraph re-raises an error of a converted function's trace that it rebuilds from a
    message (a TypeError, an AttributeError): the same class, its text under 'in user code:' with no frames
    listed (pfor's loop body is TF's own code), the notes kept."""
    traced = BaseException.__new__(type(error))
    traced.args = ('in user code:\n\n\n    %s: %s\n' % (type(error).__name__, error.args[0] if error.args else ''),)
    for note in getattr(error, '__notes__', ()):
        traced.add_note(note)
    return traced


ACTIVE = [0]    # how many pfor-traced sweeps run now (gradient rules that TF's graph mode refuses there check it)


@contextlib.contextmanager
def vectorizing(kind):
    """Errors of a pfor-traced gradient sweep of ``kind`` ('jacobian' or 'batch_jacobian') in TF's words."""
    ACTIVE[0] += 1
    try:
        yield
    except ValueError as err:
        raise ValueError('Encountered an exception while vectorizing the %s computation. Vectorization can be '
                         'disabled by setting experimental_use_pfor to False.' % kind) from err
    except LookupError as err:
        if type(err) is not LookupError:        # (KeyError / IndexError: AutoGraph words those otherwise)
            raise
        raise StagingError('in user code:\n\n\n    LookupError: %s\n' % err) from None     # (AutoGraph suppresses it)
    except NotImplementedError as err:
        # a rule that refuses (QrGrad of a tall matrix with full_matrices): AutoGraph rebuilds it from its message
        # (TF 2.21, gradfuzz32 p24.py)
        if type(err) is not NotImplementedError:
            raise
        raise in_user_code(err) from None
    finally:
        ACTIVE[0] -= 1
