"""predict over input that holds no samples (an array of 0 rows, an empty dataset). Keras 3 on TF 2.21
fails there on its own unset local: UnboundLocalError "cannot access local variable 'batch_outputs' where
it is not associated with a value". tapeflow raises that class and text; the error is still the
ValueError it raised before, and its explanation rides as a note."""
from framework.errors import shown_as


class EmptyPredictError(ValueError, UnboundLocalError):
    """predict found no batch: prints as TF's UnboundLocalError, caught as ValueError too."""


shown_as(EmptyPredictError, UnboundLocalError)


def empty_predict_error(detail):
    error = EmptyPredictError("cannot access local variable 'batch_outputs' where it is not associated with a value")
    error.add_note(detail)
    return error
