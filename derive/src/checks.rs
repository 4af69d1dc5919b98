//! The shape checks of `#[derive(DeviceCopy)]`: a struct, without generics, with a layout
//! that is the same on the host and the GPU.

use syn::{Data, DeriveInput, Field, Fields};

/// Rejects generic parameters (types, lifetimes, consts): the padding check is a constant
/// assertion over concrete field types.
pub(crate) fn no_generics(input: &DeriveInput) -> syn::Result<()> {
    if input.generics.params.is_empty() {
        return Ok(());
    }
    Err(syn::Error::new_spanned(
        &input.generics,
        "#[derive(DeviceCopy)] does not support generic parameters: the no-padding check needs \
         concrete field types; write `unsafe impl DeviceCopy` with a `// SAFETY:` comment",
    ))
}

/// Requires `#[repr(C)]` or `#[repr(transparent)]` (with or without `packed` / `align`): the
/// default Rust layout may order fields differently in the host and nvptx builds.
pub(crate) fn stable_repr(input: &DeriveInput) -> syn::Result<()> {
    let mut stable = false;
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("repr")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("C") || meta.path.is_ident("transparent") {
                stable = true;
            }
            // `packed`, `align(N)` and integer reprs carry their own arguments: skip them.
            if meta.input.peek(syn::token::Paren) {
                let _ = meta.input.parse::<proc_macro2::Group>()?;
            }
            Ok(())
        })?;
    }
    if stable {
        return Ok(());
    }
    Err(syn::Error::new_spanned(
        &input.ident,
        "#[derive(DeviceCopy)] needs #[repr(C)] or #[repr(transparent)]: the default layout may \
         differ between the host and the nvptx64 build",
    ))
}

/// The fields of a struct; enums and unions are rejected.
pub(crate) fn struct_fields(input: &DeriveInput) -> syn::Result<Vec<&Field>> {
    match &input.data {
        Data::Struct(s) => Ok(match &s.fields {
            Fields::Named(f) => f.named.iter().collect(),
            Fields::Unnamed(f) => f.unnamed.iter().collect(),
            Fields::Unit => Vec::new(),
        }),
        _ => Err(syn::Error::new_spanned(
            &input.ident,
            "#[derive(DeviceCopy)] supports structs only: an enum's or union's all-zero bits need \
             not be a valid value",
        )),
    }
}
