"""TF 2.21's refusal of a loaded function whose object is gone.

A function of a loaded SavedModel reads the variables of the object ``tf.saved_model.load`` returned; TF's
graph holds them only weakly. When a program keeps the function and drops the object
(``f = tf.saved_model.load(path).f``), calling ``f`` or reading a concrete function's ``variables`` raises
this AssertionError in TF 2.21 (func_graph's deref); tapeflow's method, bound through a weak reference,
would call its code with ``self`` None and raise an AttributeError in user code instead.
"""

DELETED_TEXT = ('Called a function referencing variables which have been deleted. This likely means that '
                'function-local variables were created and not referenced elsewhere in the program. This is '
                'generally a mistake; consider storing variables in an object attribute on first call.')


def check_object_alive(python_function):
    """Raise TF's AssertionError when ``python_function`` is a method bound weakly to an object now deleted.

    Raises:
        AssertionError: TF 2.21's words, with a note naming the method and what to keep.
    """
    ref = getattr(python_function, '_ref', None)        # function._WeakMethod
    if ref is not None and ref() is None:
        error = AssertionError(DELETED_TEXT)
        error.add_note('%s: the object tf.saved_model.load returned was deleted; keep it in a variable '
                       '(loaded = tf.saved_model.load(path); loaded.%s(...))'
                       % (getattr(python_function, '__qualname__', python_function),
                          getattr(python_function, '__name__', 'f')))
        raise error
