"""``pickle`` and ``copy.deepcopy`` of a Model, as Keras 3 makes them: through a .keras archive.

Keras 3's KerasSaveable.__reduce__ writes the model as a .keras archive into memory and unpickles it
with ``saving_lib._load_model_from_fileobj(buf, custom_objects=None, compile=True, safe_mode=False)``.
So a copy is a model rebuilt from its config and weights: a Sequential's variables lose the model's
prefix ('h/kernel' where the original has 's/h/kernel'), its steps are traced anew, its optimizer state
comes back with it, and a class neither built in nor registered cannot be copied at all (TypeError
"Could not locate class 'CustomModel'. ..."). A copy of the Python state kept all of those.
"""
import os
import tempfile


def reduce_model(model):
    """``model.__reduce__``: rebuild from its .keras archive's bytes."""
    from .model_file import archive_bytes
    return unpickle_model, (archive_bytes(model),)


def unpickle_model(data):
    """The model the .keras archive ``data`` holds, compiled as saved (Keras: "pickle is not safe
    regardless of what you do", so safe_mode is off)."""
    from .model_file import load_model
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, 'model.keras')
        with open(path, 'wb') as f:
            f.write(data)
        return load_model(path, custom_objects=None, compile=True, safe_mode=False)


def plain_reduce(obj):
    """The reduce value Python's own pickling gives ``obj`` (its class and its ``__dict__``), for
    tapeflow's SavedModel, which stores a model's Python objects with its variables by key."""
    import copyreg
    return copyreg.__newobj__, (type(obj),), obj.__getstate__()
