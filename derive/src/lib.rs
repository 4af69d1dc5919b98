//! `#[derive(DeviceCopy)]`: implements `parallaxis::DeviceCopy` (an `unsafe` trait) for a struct
//! after checking, at compile time, what its safety contract asks:
//!
//! - a layout that is the same on the host and on `nvptx64-nvidia-cuda`: `#[repr(C)]` or
//!   `#[repr(transparent)]` (Rust's default layout may differ between the two builds);
//! - every field `DeviceCopy` (so no pointers, references or interior mutability, and the
//!   all-zero bit pattern is valid for each field, hence for the struct);
//! - no padding: `size_of::<Self>()` equals the sum of the fields' sizes, checked by a const
//!   assertion (padding bytes are uninitialised, and copying them to the device reads them).
//!
//! Structs with generic parameters are rejected: the no-padding check needs concrete field
//! types at the definition (write an `unsafe impl` with a `// SAFETY:` comment for those).
//! Enums and unions are rejected (a zero discriminant or an overlapping field need not be a
//! valid value).
//!
//! The generated impl names the trait through the caller's dependency on `parallaxis` (or on
//! `parallaxis-core`, as `no_std` kernel crates have), found in the caller's `Cargo.toml`.

mod checks;
mod crate_path;

use proc_macro::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{parse_macro_input, DeriveInput};

/// Implements `DeviceCopy` for a `#[repr(C)]` or `#[repr(transparent)]` struct whose fields
/// are all `DeviceCopy` and which has no padding (each checked at compile time). The struct
/// must also be `Clone + Copy` (derive them).
///
/// ```ignore
/// use parallaxis::DeviceCopy;
/// #[derive(Clone, Copy, DeviceCopy)]
/// #[repr(C)]
/// struct Particle { x: f32, v: f32 }
/// ```
#[proc_macro_derive(DeviceCopy)]
pub fn derive_device_copy(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    checks::no_generics(input)?;
    checks::stable_repr(input)?;
    let fields = checks::struct_fields(input)?;
    let path = crate_path::device_copy_trait(input)?;
    let name = &input.ident;
    let types: Vec<_> = fields.iter().map(|f| &f.ty).collect();
    let message = format!(
        "#[derive(DeviceCopy)]: `{name}` has padding (its size is larger than the sum of its \
         fields' sizes); padding bytes are uninitialised and may not be copied to the device: \
         reorder the fields or add explicit padding fields"
    );
    // One call per field, spanned at the field's type, so that an error names that field.
    let field_checks = types.iter().map(|ty| {
        quote_spanned! {ty.span()=> __parallax_field_is_device_copy::<#ty>(); }
    });
    Ok(quote! {
        const _: () = {
            // Each field must be DeviceCopy (a bound the call below must satisfy).
            const fn __parallax_field_is_device_copy<F: #path>() {}
            #( #field_checks )*
            assert!(
                ::core::mem::size_of::<#name>() == 0 #( + ::core::mem::size_of::<#types>() )*,
                #message
            );
        };
        // SAFETY: checked above at compile time: repr(C) or repr(transparent), every field
        // DeviceCopy (no pointers, references or interior mutability; all-zero bits valid for
        // each field, hence for the struct), and no padding bytes.
        unsafe impl #path for #name {}
    })
}
