"""Keras 3's ``get(identifier)`` for losses and metrics: None, a name, a config dict, a class or a callable."""
import inspect


def from_identifier(identifier, kind, by_name, deserialize, base_name, name_note=''):
    """The object ``identifier`` stands for: ``by_name[identifier]`` for a name, ``deserialize``'s answer
    for a dict, an instance for a class, ``identifier`` itself for an instance or a callable.

    ``kind`` ('loss', 'metric') and ``base_name`` ('Loss', 'Metric') word the error; ``name_note`` is
    added to the valid names listed for an unknown name.
    Raises:
        ValueError: Keras 3's 'Could not interpret <kind> identifier: ...', with a note saying what would do.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        if 'class_name' not in identifier:      # Keras 3's deserialize_keras_object refuses it first
            raise ValueError('Unknown `config` as a `dict`, config=%s' % (identifier,))
        try:
            obj = deserialize(identifier)
        except ValueError as err:
            if getattr(err, 'raised_by_constructor', False) or getattr(err, 'keras_text', False):
                raise       # the class refused its config, or Keras's deserialize's own refusal: TF raises it as is
            raise _not_interpreted(kind, identifier, str(err)) from None
        if not callable(obj):       # Keras 3's deserialize hands an unknown class's name back; get refuses it
            raise _not_interpreted(kind, identifier, 'No %s class %r is known: register it or pass it in '
                                   'custom_objects' % (kind, identifier['class_name']))
        return obj
    if isinstance(identifier, str):
        obj = by_name.get(identifier)
        if obj is None:
            raise _not_interpreted(kind, identifier, 'Valid names: %s%s' % (', '.join(sorted(by_name)), name_note))
    else:
        obj = identifier
    if inspect.isclass(obj):
        return obj()
    if callable(obj):
        return obj
    raise _not_interpreted(kind, identifier, 'Got %s; give a name, a %s, a function or a config dict'
                           % (type(identifier).__name__, base_name))


def _not_interpreted(kind, identifier, note):
    """Keras 3's ValueError text; what tapeflow knows (the valid names) rides as a note."""
    error = ValueError('Could not interpret %s identifier: %s' % (kind, identifier))
    error.add_note(note)
    return error
